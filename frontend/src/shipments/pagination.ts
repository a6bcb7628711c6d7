/** Numbered page buttons shown at most (spec section 9). */
export const MAX_PAGE_BUTTONS = 5;

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** Up to `max` consecutive page numbers, centred on `page` where the ends allow. */
export function pageWindow(page: number, pages: number, max = MAX_PAGE_BUTTONS): number[] {
  if (pages < 1) return [];
  const current = Math.min(Math.max(1, page), pages);
  const size = Math.min(max, pages);
  const start = Math.min(Math.max(1, current - Math.floor(size / 2)), pages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

const n = (value: number) => value.toLocaleString('en-US');

/** 'Showing 51 to 100 of 230'. */
export function showingText(page: number, pageSize: number, total: number, totalCapped = false): string {
  if (total <= 0) return 'Showing 0 to 0 of 0';
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${n(Math.min(from, total))} to ${n(to)} of ${n(total)}${totalCapped ? '+' : ''}`;
}
