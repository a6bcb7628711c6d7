/**
 * Values as people paste and export them, read as a person would read them. Each reading that changes
 * what was written comes with a note naming the interpretation (shown as a row warning); a form that a
 * person could read two ways is refused with a message that says why.
 *
 * - Order ids copied from Faire pages and emails: '#ABC12345DE', 'Order #ABC12345DE',
 *   'Order ID: ABC12345DE', 'Order number ABC12345DE', 'Order No. ABC12345DE', and the address of
 *   the order's page ('https://www.faire.com/brand-portal/orders/bo_abc12345de').
 * - Amounts with a currency code or sign: 'USD 12.00', '12.00 USD', 'US$12.00', '€ 12,50', '12,50 €',
 *   'EUR 12,00', '£4.20', '4.20 GBP', 'CA$12.50', 'C$12.50', 'CAD 12.50', 'A$12.50', 'AUD 12.50'
 *   ('$1,234.50' was read already). The note names the currency; a currency other than the brand's
 *   is refused, since the cost is sent to Faire in the brand's currency.
 * - Amounts from spreadsheets outside the US: '12,50', '1.234,56', '1 234,56' (also with a no-break
 *   or thin space), '1 234.56'.
 * - Refused as ambiguous: '1,234' (1234 or 1.234?), and '1.234' stays 1.234 as in the US.
 * - Any of these with a minus or in brackets ('-5,00', '(1.234,56)') is read with its sign, so the
 *   rules refuse it as negative whatever the decimal mark.
 */

import { parseShippingCost } from './money.js';

export interface OrderIdReading {
  /** The cell to validate: the id with the pasted prefix removed. */
  text: string;
  /** Set when the cell was read differently from how it was written. */
  note?: string;
}

export type AmountReading =
  | { kind: 'as-written' }
  | { kind: 'read'; text: string; note: string }
  | { kind: 'ambiguous'; message: string }
  | { kind: 'other-currency'; message: string };

const ORDER_PREFIX = /^(?:#|order(?:\s*(?:id|number|no\.?))?(?:\s*[:#]\s*|\s+))\s*(?=\S+$)/i;

/** The address of an order's page on Faire: the id is the path segment after 'orders'. */
const ORDER_PAGE =
  /^https?:\/\/(?:[a-z0-9-]+\.)*faire\.com\/(?:[^\s?#]*\/)?orders?\/([a-z0-9_]+)\/?(?:[?#]\S*)?$/i;

/** The order id without a '#' or 'Order …' prefix pasted with it, or out of its Faire page's address. */
export function readOrderIdCell(raw: string): OrderIdReading {
  const trimmed = raw.trim();
  const first = trimmed.charCodeAt(0);
  if (first === 104 || first === 72) {
    const page = ORDER_PAGE.exec(trimmed);
    if (!page?.[1]) return { text: raw };
    return {
      text: page[1],
      note: `Order ID "${trimmed}" was read as ${page[1].toUpperCase()} (from the order's Faire address)`,
    };
  }
  // Only '#' or 'o'/'O' can start a prefix; anything else is read as written (the common case).
  if (first !== 35 && first !== 79 && first !== 111) return { text: raw };
  const prefix = ORDER_PREFIX.exec(trimmed);
  if (!prefix) return { text: raw };
  const id = trimmed.slice(prefix[0].length);
  return { text: id, note: `Order ID "${trimmed}" was read as ${id.toUpperCase()}` };
}

const SPACES = /[ \u00a0\u2009\u202f]/g;
/** A currency code or sign before the amount ('US$' before '$'), or after it. */
const CURRENCY_BEFORE = /^(usd|eur|gbp|cad|aud|us\$|ca\$|au\$|c\$|a\$|€|£)\s*/i;
const CURRENCY_AFTER = /\s*(usd|eur|gbp|cad|aud|€|£)$/i;
const CURRENCY_OF: Readonly<Record<string, string>> = {
  usd: 'USD',
  us$: 'USD',
  eur: 'EUR',
  '€': 'EUR',
  gbp: 'GBP',
  '£': 'GBP',
  cad: 'CAD',
  ca$: 'CAD',
  c$: 'CAD',
  aud: 'AUD',
  au$: 'AUD',
  a$: 'AUD',
};
/** Dot or space thousands, comma decimals: '1.234,56', '1 234,56', '12,50'. */
const DECIMAL_COMMA = /^(\d{1,3}(?:([. ])\d{3})(?:\2\d{3})*|\d+),(\d{1,2})$/;
/** Space thousands, point decimals: '1 234.56', '1 234'. */
const SPACE_GROUPS = /^(\d{1,3}(?: \d{3})+)(\.\d+)?$/;
/** A minus before or after the amount, or accounting brackets: '-5,00', '- € 4,20', '(5,00)', '5,00-'. */
const NEGATIVE = /^(?:-\s*(.+)|\((.+)\)|(.+?)\s*-)$/s;
/** One comma followed by exactly three digits and nothing else: '1,234'. */
const AMBIGUOUS = /^\d{1,3},\d{3}$/;

/** The amount as read, e.g. '1,234.50': no currency sign, since the brand's currency may not be dollars. */
function amount(text: string): string {
  const [units, cents = ''] = text.split('.');
  return `${(units ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents.padEnd(2, '0').slice(0, 2)}`;
}

/** The currency a cell names with a code or sign, and the cell without it. */
function currencyOf(written: string): { text: string; currency?: string } {
  const before = CURRENCY_BEFORE.exec(written);
  if (before) {
    return {
      text: written.slice(before[0].length).trim(),
      currency: CURRENCY_OF[(before[1] ?? '').toLowerCase()],
    };
  }
  const after = CURRENCY_AFTER.exec(written);
  if (after && after.index > 0) {
    return {
      text: written.slice(0, after.index).trim(),
      currency: CURRENCY_OF[(after[1] ?? '').toLowerCase()],
    };
  }
  return { text: written };
}

/**
 * How to read a shipping cost cell that the US reading (`parseShippingCost`) does not take, or takes
 * in a way a person might not mean. 'as-written' leaves the cell to the US reading. `brandCurrency` is
 * the currency the cost is sent to Faire in (USD when not given): a cell naming another is refused.
 */
export function readAmountCell(raw: string, brandCurrency = 'USD'): AmountReading {
  const written = raw.trim();
  if (written === '') return { kind: 'as-written' };
  const minus = NEGATIVE.exec(written);
  if (minus) {
    // '-5,00' is as negative as '-5.00': read the amount, keep the sign, and the rules refuse it as negative.
    const body = (minus[1] ?? minus[2] ?? minus[3] ?? '').trim();
    const inner = readAmountCell(body, brandCurrency);
    if (inner.kind === 'read') return { ...inner, text: `-${inner.text}` };
    // '-1,234' is negative whichever way it reads.
    if (inner.kind === 'ambiguous') return { kind: 'read', text: `-${body.replace(/\D/g, '')}`, note: '' };
    if (inner.kind === 'other-currency') return inner;
    const plain = parseShippingCost(body);
    return plain.ok && plain.cents > 0 ? { kind: 'read', text: `-${body}`, note: '' } : inner;
  }
  const named = currencyOf(written);
  let text = named.text;
  const code = named.currency;
  if (code !== undefined && code !== brandCurrency.toUpperCase()) {
    return {
      kind: 'other-currency',
      message: `Shipping cost "${written}" is in ${code}, but your Faire brand's costs are in ${brandCurrency.toUpperCase()}; write the cost in ${brandCurrency.toUpperCase()}`,
    };
  }
  const inCode = code === undefined ? '' : ` ${code}`;
  const dollar = text.startsWith('$');
  if (dollar) text = text.slice(1).trim();
  text = text.replace(SPACES, ' ');

  if (AMBIGUOUS.test(text)) {
    return {
      kind: 'ambiguous',
      message: `Shipping cost "${written}" could be ${text.replace(',', '')} or ${text.replace(',', '.')}; write it with a decimal point (for example ${text.replace(',', '')}.00) so it cannot be misread`,
    };
  }
  const comma = DECIMAL_COMMA.exec(text);
  if (comma) {
    const value = `${(comma[1] ?? '').replace(/[. ]/g, '')}.${comma[3] ?? ''}`;
    return {
      kind: 'read',
      text: value,
      note: `Shipping cost "${written}" was read as ${amount(value)}${inCode} (comma as the decimal separator)`,
    };
  }
  const spaced = SPACE_GROUPS.exec(text);
  if (spaced) {
    const value = `${(spaced[1] ?? '').replace(/ /g, '')}${spaced[2] ?? ''}`;
    return {
      kind: 'read',
      text: value,
      note: `Shipping cost "${written}" was read as ${amount(value)}${inCode}`,
    };
  }
  if (code !== undefined && /^\d+(?:,\d{3})*(?:\.\d+)?$/.test(text)) {
    const value = text.replace(/,/g, '');
    return {
      kind: 'read',
      text: value,
      note: `Shipping cost "${written}" was read as ${amount(value)}${inCode}`,
    };
  }
  return { kind: 'as-written' };
}
