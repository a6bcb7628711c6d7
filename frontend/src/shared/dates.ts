const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A short US date ("Nov 20, 2026"); '-' when missing or unreadable. A date without a time ("2026-11-20")
 * is a calendar day and is shown as that day in every time zone.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '-';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '-';
  return d.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    ...(DATE_ONLY.test(value) ? { timeZone: 'UTC' } : {}),
  });
}
