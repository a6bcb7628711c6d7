/**
 * The one way amounts are shown: integer minor units (cents, pence) in an ISO-4217 currency, formatted by
 * Intl.NumberFormat ('$1,234.50', '£4.20', 'CA$12.00'). Amounts are the brand's: its currency comes from
 * the Faire connection (connect/'s useBrandCurrency).
 */
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat {
  const code = /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : 'USD';
  let f = formatters.get(code);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    formatters.set(code, f);
  }
  return f;
}

/** Minor units as money in `currency` (USD when unknown); '-' when there is no amount. */
export function formatMoney(
  minor: number | null | undefined,
  currency: string | null | undefined = 'USD',
): string {
  if (minor === null || minor === undefined || !Number.isFinite(minor)) return '-';
  const f = formatterFor(currency || 'USD');
  const digits = f.resolvedOptions().maximumFractionDigits ?? 2;
  return f.format(minor / 10 ** digits);
}
