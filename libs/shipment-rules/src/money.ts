export type ShippingCostParse =
  { ok: true; cents: number } | { ok: false; reason: 'missing' | 'invalid' | 'negative' };

const AMOUNT =
  /^(?<sign1>[-+])?\s*\$?\s*(?<sign2>[-+])?\s*(?<int>\d{1,3}(?:,\d{3})+|\d*)(?:\.(?<frac>\d*))?$/;

/** Largest dollar part (in digits) before cents stop being a safe integer. */
const MAX_INTEGER_DIGITS = 13;

/**
 * A dollar amount as integer cents, computed on the decimal string (no floating point):
 * accepts '12.5', '$12.50', '1,234.56', ' 12 ', '.5', '-$3' and accounting negatives '(3.00)'.
 * Rounds half-up on the third decimal ('1,234.565' -> 123457). Commas must group thousands;
 * a decimal comma ('12,50') and exponent notation are rejected as not a valid number.
 * Amounts whose cents would exceed Number.MAX_SAFE_INTEGER are rejected as invalid.
 */
export function parseShippingCost(raw: string | undefined): ShippingCostParse {
  if (raw === undefined) return { ok: false, reason: 'missing' };
  let text = String(raw).trim();
  if (text.length === 0) return { ok: false, reason: 'missing' };
  let negative = false;
  const parenthesised = /^\((.*)\)$/s.exec(text);
  if (parenthesised) {
    negative = true;
    text = (parenthesised[1] ?? '').trim();
  }
  const match = AMOUNT.exec(text);
  const groups = match?.groups;
  if (!groups) return { ok: false, reason: 'invalid' };
  const { sign1, sign2 } = groups;
  const intDigits = (groups.int ?? '').replace(/,/g, '');
  const fracDigits = groups.frac ?? '';
  if (intDigits.length === 0 && fracDigits.length === 0) return { ok: false, reason: 'invalid' };
  if (sign1 !== undefined && sign2 !== undefined) return { ok: false, reason: 'invalid' };
  if (negative && (sign1 !== undefined || sign2 !== undefined)) return { ok: false, reason: 'invalid' };
  if (sign1 === '-' || sign2 === '-') negative = true;

  const significant = intDigits.replace(/^0+/, '');
  if (significant.length > MAX_INTEGER_DIGITS) return { ok: false, reason: 'invalid' };
  const padded = fracDigits.padEnd(3, '0');
  const roundUp = padded.charCodeAt(2) - 48 >= 5 ? 1 : 0;
  const cents = Number(significant || '0') * 100 + Number(padded.slice(0, 2)) + roundUp;
  if (!Number.isSafeInteger(cents)) return { ok: false, reason: 'invalid' };

  const isZero = /^0*$/.test(intDigits) && /^0*$/.test(fracDigits);
  if (negative && !isZero) return { ok: false, reason: 'negative' };
  return { ok: true, cents };
}

/**
 * The cents of a plain amount: ASCII digits with at most one '.', and nothing else ('12.50', '40',
 * '.5', '7.'), at most 13 digits before the point. `undefined` for any other text, including text
 * without a digit. For such text this is `parseShippingCost`'s answer (no sign, no grouping, half-up
 * on the third decimal) without its regular expression and allocations.
 */
export function plainAmountCents(text: string): number | undefined {
  let point = -1;
  let units = 0;
  let fraction = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 46) {
      if (point !== -1) return undefined;
      point = i;
    } else if (code >= 48 && code <= 57) {
      const digit = code - 48;
      if (point === -1) units = units * 10 + digit;
      else if (i - point === 1) fraction += digit * 10;
      else if (i - point === 2) fraction += digit;
      else if (i - point === 3 && digit >= 5) fraction += 1;
    } else {
      return undefined;
    }
  }
  const integerDigits = point === -1 ? text.length : point;
  const fractionDigits = point === -1 ? 0 : text.length - point - 1;
  if (integerDigits === 0 && fractionDigits === 0) return undefined;
  if (integerDigits > MAX_INTEGER_DIGITS) return undefined;
  return units * 100 + fraction;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Integer cents as dollars with 2 decimals and thousands separators: 1250 -> '$12.50', 123456 -> '$1,234.56'. */
export function formatCents(cents: number): string {
  if (!Number.isFinite(cents)) return '-';
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? '-' : '';
  const abs = Math.abs(rounded);
  const dollars = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${sign}$${groupThousands(String(dollars))}.${String(rest).padStart(2, '0')}`;
}

/** Like `formatCents`, but '-' when there is no amount. */
export function formatCentsOrDash(cents?: number | null): string {
  if (cents === undefined || cents === null || !Number.isFinite(cents)) return '-';
  return formatCents(cents);
}
