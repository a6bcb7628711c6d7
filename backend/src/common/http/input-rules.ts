import { Transform } from 'class-transformer';
import { IsInt, Matches, Max, Min, ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * Shared rules for query parameters and tokens, so that every DTO refuses the same impossible values the
 * same way (a 400 that names the field) instead of letting them reach SQL.
 */

/** Highest page number any list accepts; far beyond any real list, far below what breaks OFFSET. */
export const MAX_PAGE = 1_000_000;

/** Only plain digits become a number: "1e300", "1.5", "0x10" and " 1" stay text and fail IsInt. */
const digitsToInt = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value;

function compose(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => decorators.forEach((d) => d(target, key));
}

/** `page`: a whole number from 1 to MAX_PAGE. */
export function PageNumber(name = 'page'): PropertyDecorator {
  const message = `${name} must be a whole number from 1 to ${MAX_PAGE.toLocaleString('en-US')}`;
  return compose(Transform(digitsToInt), IsInt({ message }), Min(1, { message }), Max(MAX_PAGE, { message }));
}

/** `limit`: a whole number from 1 to `max`. */
export function PageSize(max: number, name = 'limit'): PropertyDecorator {
  const message = `${name} must be a whole number from 1 to ${max}`;
  return compose(Transform(digitsToInt), IsInt({ message }), Min(1, { message }), Max(max, { message }));
}

/** True when `y-m-d` is a day of the Gregorian calendar between years 1 and 9999. */
export function isRealDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(2000, mo - 1, d));
  date.setUTCFullYear(y);
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A calendar day written YYYY-MM-DD that exists (no 2026-02-30, no 2026-13-45). */
export function IsCalendarDate(name: string): PropertyDecorator {
  const message = `${name} must be a date that exists, like 2026-11-25`;
  return compose(
    Matches(/^\d{4}-\d{2}-\d{2}$/, { message }),
    ValidateBy(
      { name: 'isCalendarDate', validator: { validate: (v) => typeof v === 'string' && isRealDate(v) } },
      { message },
    ),
  );
}

/**
 * A UTC offset that exists: at most 14 hours either way (Kiribati is +14:00), minutes below 60. Postgres
 * refuses larger ones ("time zone displacement out of range"), which would otherwise answer 500.
 */
function realOffset(text: string): boolean {
  const m = /T.*([+-])(\d{2}):?(\d{2})$/.exec(text);
  if (!m) return true;
  const [hours, minutes] = [Number(m[2]), Number(m[3])];
  return minutes < 60 && hours * 60 + minutes <= 14 * 60;
}

/** An ISO 8601 date or date-time whose day exists, at an offset that exists, and that Postgres can store. */
export function IsRealInstant(name: string, options?: ValidationOptions): PropertyDecorator {
  const message = `${name} must be an ISO 8601 date or time that exists, like 2026-11-25T10:00:00Z`;
  return ValidateBy(
    {
      name: 'isRealInstant',
      validator: {
        validate: (v) =>
          typeof v === 'string' &&
          /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) &&
          isRealDate(v) &&
          realOffset(v) &&
          Number.isFinite(Date.parse(v)),
      },
    },
    { message, ...options },
  );
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const PLAIN_TEXT = /^[^\u0000-\u001F\u007F-\u009F]*$/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const ONE_WORD = /^[^\s\u0000-\u001F\u007F-\u009F]*$/;

/**
 * A name people read (a company's, a person's): one line with no control characters (line breaks, tabs,
 * a bell), which no name has and which would break the lines of a mail, a CSV export or a log.
 */
export function IsPlainText(name: string): PropertyDecorator {
  return Matches(PLAIN_TEXT, {
    message: `${name} must not contain control characters such as line breaks or tabs`,
  });
}

/** An id or a secret typed or pasted in one piece: no spaces, no control characters. */
export function IsOneWord(name: string): PropertyDecorator {
  return Matches(ONE_WORD, { message: `${name} must not contain spaces or control characters` });
}

/**
 * A marketplace access token: visible ASCII only (no spaces, control characters or accents), as every
 * token issued over HTTP headers is. Anything else is refused before a call to Faire is made.
 */
export function IsAccessToken(name: string): PropertyDecorator {
  return Matches(/^[\x21-\x7E]{1,512}$/, {
    message: `${name} must be a Faire access token: up to 512 visible ASCII characters, no spaces`,
  });
}
