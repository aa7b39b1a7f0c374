/** SPEC §9: ten users a page; every admin list (payments, transfers) pages the same way. */
export const LIST_PAGE_SIZE = 10;

/** A page number to link, or a gap standing for the pages left out. */
export type PageWindowEntry = number | 'gap';

/**
 * The page numbers worth linking: the first, the last, and `around` on each side of the
 * current one, with a gap wherever pages are left out. At 100,000 users the list has
 * 10,000 pages; this keeps the links to at most 2 × around + 5 entries.
 */
export function pageWindow(page: number, pageCount: number, around = 1): PageWindowEntry[] {
  const shown = new Set([1, pageCount]);
  for (let number = page - around; number <= page + around; number += 1) {
    if (number >= 1 && number <= pageCount) shown.add(number);
  }
  const numbers = [...shown].sort((a, b) => a - b);
  const entries: PageWindowEntry[] = [];
  for (const [index, number] of numbers.entries()) {
    const previous = numbers[index - 1];
    // A gap of one page is shown as that page: a "…" would hide no more than itself.
    if (previous !== undefined && number - previous === 2) entries.push(previous + 1);
    else if (previous !== undefined && number - previous > 2) entries.push('gap');
    entries.push(number);
  }
  return entries;
}

/**
 * Where a requested page of a list of `total` rows, `size` a page, falls: a page past the
 * end is the last page (an empty list has one, empty page), and `offset` is its first row.
 */
export function pageOf(
  total: number,
  requested: number,
  size: number,
): { page: number; pageCount: number; offset: number } {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(requested, pageCount);
  return { page, pageCount, offset: (page - 1) * size };
}
