import { describe, expect, it } from '@jest/globals';
import { returningRows } from './returning-rows.js';

describe('returningRows', () => {
  it('answers the rows of an UPDATE / DELETE ... RETURNING, which the query runner gives as [rows, count]', () => {
    expect(returningRows([[{ id: 'a' }, { id: 'b' }], 2])).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(returningRows([[], 0])).toEqual([]);
  });

  it('answers rows given as rows (SELECT, INSERT ... RETURNING) as they are', () => {
    expect(returningRows([{ id: 'a' }])).toEqual([{ id: 'a' }]);
    expect(returningRows([])).toEqual([]);
  });
});
