import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_COLUMNS } from '~/features/enrolment/payment-search.server';
import { readCsvWithPython } from '../support/python-csv';
import { startServerWithAdmin } from '../support/server-with-admin';
import {
  insertEnrolment,
  insertOrder,
  insertPayment,
  insertTransfer,
  insertUser,
} from '../support/factories';

describe('the payments ledger CSV in a spreadsheet', () => {
  let server: Awaited<ReturnType<typeof startServerWithAdmin>>;
  afterAll(() => server.stop());

  // A card payment refunded in part and an approved transfer, of a buyer whose name a
  // spreadsheet would take for a formula, and a pending transfer that is no money yet.
  beforeAll(async () => {
    server = await startServerWithAdmin();
    const { db } = server.database;
    await insertUser(db, {
      id: 'zoe',
      name: '=Zoë 李雷',
      email: 'zoe@example.com',
      access: 'level-1',
      cohort: 'cohort-1',
      created_at: '2026-03-01T09:00:00.000Z',
    });
    await insertOrder(db, {
      id: 'ord-zoe',
      userId: 'zoe',
      provider: 'stripe',
      status: 'paid',
      createdAt: '2026-03-02T10:00:00.000Z',
    });
    await insertPayment(db, {
      id: 'pay-zoe',
      orderId: 'ord-zoe',
      userId: 'zoe',
      provider: 'stripe',
      providerPaymentId: 'ch_zoe',
      createdAt: '2026-03-02T10:00:00.000Z',
      refundedAmount: 10_000,
    });
    await insertEnrolment(db, {
      userId: 'zoe',
      orderId: 'ord-zoe',
      at: '2026-03-02T10:00:00.000Z',
    });
    for (const [id, status, createdAt] of [
      ['tr_zoe', 'approved', '2026-03-05T08:30:00.000Z'],
      ['tr_zoe_waiting', 'pending', '2026-03-06T08:30:00.000Z'],
    ] as const) {
      await insertTransfer(db, {
        id,
        userId: 'zoe',
        planId: 'fsd-upfront',
        amount: 120_000_000,
        status,
        createdAt,
      });
    }
  });

  const download = (query: string, cookie = server.admin.cookie) =>
    fetch(`${server.server.origin}/admin/payments.csv${query}`, { headers: { cookie } });

  it('downloads the filtered ledger, which Python reads with utf-8-sig', async () => {
    const response = await download('?q=zo&from=2026-03-01&to=2026-03-31');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = readCsvWithPython(bytes);
    expect(rows).toEqual([
      [...LEDGER_COLUMNS],
      [
        '2026-03-05T08:30:00.000Z',
        'tr_zoe',
        "'=Zoë 李雷",
        'zoe@example.com',
        'FullStack Bootcamp Upfront',
        'Bank transfer',
        '1200000.00',
        'NGN',
        '1 of 1',
        '1200000.00',
        'paid',
      ],
      [
        '2026-03-02T10:00:00.000Z',
        'ord-zoe',
        "'=Zoë 李雷",
        'zoe@example.com',
        'FrontEnd Bootcamp Upfront',
        'Stripe',
        '400.00',
        'USD',
        '1 of 1',
        '300.00',
        'paid',
      ],
    ]);
  });

  it('exports only what the filters match, and nothing to anyone but an admin', async () => {
    const transfers = await (await download('?provider=transfer')).text();
    expect(transfers.trimEnd().split('\r\n').slice(1)).toEqual([
      expect.stringMatching(/^2026-03-05T08:30:00\.000Z,tr_zoe,/),
    ]);
    const outside = await (await download('?from=2026-04-01')).text();
    expect(outside.trimEnd().split('\r\n')).toHaveLength(1);
    const visitor = await download('', '');
    expect(visitor.status).toBe(403);
    expect(visitor.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });
});
