import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

/**
 * How a whole-number setting's message names its bounds: `between` ("between 1 and 65535"), `from`
 * ("from 1 to 1000"), `range` ("(1-64)"), or a unit ("of milliseconds (0-120000)").
 */
export type BoundsInWords = 'between' | 'from' | 'range' | Unit;
type Unit = 'milliseconds' | 'hours' | 'minutes' | 'rows' | 'connections';

function inWords(words: BoundsInWords, min: number, max: number): string {
  if (words === 'between') return `between ${min} and ${max}`;
  if (words === 'from') return `from ${min} to ${max}`;
  if (words === 'range') return `(${min}-${max})`;
  return `of ${words} (${min}-${max})`;
}

/** A whole number as written in the environment ("42", " 7 "); anything else is left for IsInt to refuse. */
const toInt = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value;

/**
 * An integer environment setting, declared once: its name is the property's, its default the property's
 * initial value, its bounds these. Reads the text as a number and refuses anything else, or a number out
 * of bounds, with one message: "`NAME` must be a whole number <bounds in words>".
 */
export function WholeNumber(min: number, max: number, words: BoundsInWords): PropertyDecorator {
  return (target, key) => {
    const rule = { message: `${String(key)} must be a whole number ${inWords(words, min, max)}` };
    Max(max, rule)(target, key);
    Min(min, rule)(target, key);
    IsInt(rule)(target, key);
    Transform(toInt)(target, key);
  };
}
