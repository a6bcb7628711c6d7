import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow, showingText } from './pagination';

describe('pagination', () => {
  it('counts pages of 50, at least one', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(230, 50)).toBe(5);
  });

  it('shows up to 5 page buttons centred on the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it("reads 'Showing X to Y of Z'", () => {
    expect(showingText(1, 50, 230)).toBe('Showing 1 to 50 of 230');
    expect(showingText(2, 50, 230)).toBe('Showing 51 to 100 of 230');
    expect(showingText(5, 50, 230)).toBe('Showing 201 to 230 of 230');
    expect(showingText(1, 50, 7)).toBe('Showing 1 to 7 of 7');
    expect(showingText(3, 50, 10000, true)).toBe('Showing 101 to 150 of 10,000+');
  });
});
