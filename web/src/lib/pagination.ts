/**
 * Pager items (spec 2 "Pagination control", spec 9: pagination collapses above 6 pages).
 * Up to 6 pages: every page. More: the first and last page, the current page with one neighbour each side
 * (three pages at the ends), and 'gap' for each skipped run; a run of a single page is shown instead of a gap.
 */
export type PageItem = number | 'gap';

export const MAX_PAGES_WITHOUT_GAPS = 6;

export function pageItems(current: number, pageCount: number): PageItem[] {
  if (pageCount <= 0) return [];
  const page = Math.min(Math.max(1, current), pageCount);
  if (pageCount <= MAX_PAGES_WITHOUT_GAPS) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const shown = new Set<number>([1, pageCount, page - 1, page, page + 1]);
  if (page <= 3) [2, 3, 4].forEach((p) => shown.add(p));
  if (page >= pageCount - 2) [pageCount - 3, pageCount - 2, pageCount - 1].forEach((p) => shown.add(p));
  const pages = [...shown].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of pages) {
    if (p - previous === 2) items.push(previous + 1);
    else if (p - previous > 2) items.push('gap');
    items.push(p);
    previous = p;
  }
  return items;
}
