import 'reflect-metadata';
import { plainToInstance, Type } from 'class-transformer';
import { IsArray, IsInt, IsString, Max, ValidateNested, validateSync } from 'class-validator';
import { validationMessage } from './validation-message.js';

class Item {
  @IsString() name: string;
  @IsInt() @Max(10) row: number;
}
class Body {
  @IsArray() @ValidateNested({ each: true }) @Type(() => Item) items: Item[];
  @IsInt({ message: 'page must be a whole number' })
  @Max(5, { message: 'page must be a whole number' })
  page: number;
}

const messageOf = (plain: object) => validationMessage(validateSync(plainToInstance(Body, plain)));

describe('validationMessage', () => {
  it('names a nested field by where it sits, not "items is invalid"', () => {
    expect(
      messageOf({
        items: [
          { name: 'a', row: 1 },
          { name: 'b', row: 20 },
        ],
        page: 1,
      }),
    ).toBe('items[1]: row must not be greater than 10');
  });

  it('says each problem once', () => {
    expect(messageOf({ items: [], page: 1.5 })).toBe('page must be a whole number');
  });

  it('names at most ten problems and counts the rest', () => {
    const items = Array.from({ length: 12 }, () => ({ name: 1, row: 1 }));
    const message = messageOf({ items, page: 1 });
    expect(message.split('; ')).toHaveLength(11);
    expect(message).toMatch(/^items\[0\]: name must be a string; .*; and 2 more problems$/);
  });
});
