import { describe, expect, it } from 'vitest';
import { pageOf, pageWindow } from './page-window';

describe('pageWindow', () => {
  it('lists every page when there are few', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 'gap', 5]);
  });

  it('keeps the first, the last and the neighbours of the current page, with gaps', () => {
    expect(pageWindow(1, 10_000)).toEqual([1, 2, 'gap', 10_000]);
    expect(pageWindow(5_000, 10_000)).toEqual([1, 'gap', 4_999, 5_000, 5_001, 'gap', 10_000]);
    expect(pageWindow(10_000, 10_000)).toEqual([1, 'gap', 9_999, 10_000]);
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
  });

  it('never lists more than 2 × around + 5 entries', () => {
    for (let page = 1; page <= 200; page += 1) {
      expect(pageWindow(page, 200).length).toBeLessThanOrEqual(7);
    }
  });
});

describe('pageOf', () => {
  it('finds the page, the page count and the first row, keeping to the last page', () => {
    expect(pageOf(0, 1, 10)).toEqual({ page: 1, pageCount: 1, offset: 0 });
    expect(pageOf(0, 5, 10)).toEqual({ page: 1, pageCount: 1, offset: 0 });
    expect(pageOf(26, 2, 10)).toEqual({ page: 2, pageCount: 3, offset: 10 });
    expect(pageOf(30, 99, 10)).toEqual({ page: 3, pageCount: 3, offset: 20 });
  });
});
