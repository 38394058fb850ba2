export type PageItem = number | 'gap';

/**
 * The page numbers to show (spec §2): the first and last page, and two pages either side of the
 * current one, with a gap wherever numbers are skipped. A gap of a single page shows that page.
 */
export function pageWindow(current: number, total: number, radius = 2): PageItem[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(1, current), total);
  const shown = new Set<number>([1, total]);
  for (let n = page - radius; n <= page + radius; n++) {
    if (n >= 1 && n <= total) shown.add(n);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const n of sorted) {
    if (n - previous === 2) items.push(n - 1);
    else if (n - previous > 2) items.push('gap');
    items.push(n);
    previous = n;
  }
  return items;
}

/** 'Showing X to Y of N': the 1-based range of items on a page. */
export function shownRange(page: number, perPage: number, total: number) {
  if (total === 0) return { from: 0, to: 0 };
  const from = (page - 1) * perPage + 1;
  return { from: Math.min(from, total), to: Math.min(page * perPage, total) };
}
