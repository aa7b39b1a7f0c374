import { describe, expect, it } from 'vitest';
import { overduePageHref, parseOverduePage } from './overdue';

describe('the Overdue view’s page in the URL', () => {
  it('is its own parameter, beside the ledger’s search and page', () => {
    const search = { q: '', status: 'overdue' as const, page: 2 };
    expect(overduePageHref(search, 3)).toBe('/admin/payments?status=overdue&page=2&overduePage=3');
    expect(overduePageHref({ ...search, page: 1 }, 1)).toBe('/admin/payments?status=overdue');
    expect(parseOverduePage(new URLSearchParams('overduePage=21'))).toBe(21);
    expect(parseOverduePage(new URLSearchParams('overduePage=x'))).toBe(1);
  });
});
