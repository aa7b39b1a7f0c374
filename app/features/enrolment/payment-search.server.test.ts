import { beforeAll, describe, expect, it } from 'vitest';
import type {
  BankTransferStatus,
  EnrolmentStatus,
  OrderStatus,
  PaymentProviderName,
  PaymentStatus,
  User,
} from '~/db/schema';
import { useTestDatabase } from '../../../tests/support/test-database';
import {
  insertEnrolment,
  insertOrder,
  insertPayment,
  insertTransfer,
  insertUser,
} from '../../../tests/support/factories';
import { parsePaymentSearch, paymentSearchQuery, type PaymentSearch } from './payment-search';
import {
  LEDGER_COLUMNS,
  ledgerExportStream,
  listPaymentsNeedingAttention,
  paymentTotals,
  searchPayments,
} from './payment-search.server';

const handle = useTestDatabase();

const at = (day: number, hour = 0) => new Date(Date.UTC(2026, 2, day, hour)).toISOString();

interface OrderSeed {
  id: string;
  createdAt: string;
  provider: PaymentProviderName;
  status: OrderStatus;
  planId?: string;
  amount?: number;
  currency?: string;
  installments?: number;
  enrolment?: { status: EnrolmentStatus; paid: number };
  payments?: PaymentStatus[];
}

/** An order as the checkout and the webhook events leave it, written directly. */
async function seedOrder(buyer: User, fields: OrderSeed) {
  const { id, createdAt, provider, enrolment, payments = [], ...order } = fields;
  await insertOrder(handle.db, { id, userId: buyer.id, createdAt, provider, ...order });
  if (enrolment) {
    await insertEnrolment(handle.db, {
      id: `enr-${id}`,
      userId: buyer.id,
      orderId: id,
      planId: fields.planId,
      status: enrolment.status,
      installmentsPaid: enrolment.paid,
      installmentsTotal: fields.installments ?? 1,
      at: createdAt,
    });
  }
  for (const [index, status] of payments.entries()) {
    await insertPayment(handle.db, {
      id: `pay-${id}-${index}`,
      orderId: id,
      userId: buyer.id,
      provider,
      providerPaymentId: `charge-${id}-${index}`,
      amount: fields.amount,
      currency: fields.currency,
      status,
      createdAt,
    });
  }
}

let ada: User;
beforeAll(async () => {
  ada = await insertUser(handle.db, { name: 'Ada Lovelace', email: 'ADA@engine.example' });
  const grace = await insertUser(handle.db, { name: 'Grace Hopper', email: 'grace@navy.example' });
  const alan = await insertUser(handle.db, {
    name: 'Alan Turing',
    email: 'alan@bletchley.example',
  });
  const percy = await insertUser(handle.db, {
    name: 'Percy 100% Sure',
    email: 'percy@example.com',
  });
  const under = await insertUser(handle.db, { name: 'Under_Score', email: 'under@example.com' });
  const early = await insertUser(handle.db, { name: 'Rita Refund', email: 'rita@example.com' });
  const cara = await insertUser(handle.db, { name: 'Cara Cancel', email: 'cara@example.com' });
  await insertUser(handle.db, { name: 'Nora Noorder', email: 'nora@example.com' });

  const installments = { installments: 3, amount: 15_000 };
  // In order of creation, a day apart: who, the order, and what became of it.
  const orders: [User, string, PaymentProviderName, OrderStatus, Partial<OrderSeed>?][] = [
    [
      ada,
      'ord_ada',
      'local',
      'paid',
      { enrolment: { status: 'active', paid: 1 }, payments: ['paid'] },
    ],
    [
      grace,
      'ord_grace',
      'stripe',
      'paid',
      {
        ...installments,
        planId: 'fed-installments',
        enrolment: { status: 'overdue', paid: 1 },
        payments: ['paid'],
      },
    ],
    [alan, 'ord_alan', 'paystack', 'pending', { amount: 60_000_000, currency: 'NGN' }],
    [percy, 'ord_percy', 'local', 'failed'],
    [
      under,
      'ord_under',
      'stripe',
      'paid',
      { enrolment: { status: 'refunded', paid: 1 }, payments: ['refunded'] },
    ],
    // The refund's event came before the payment's: no enrolment, the order still pending.
    [early, 'ord_early_refund', 'paystack', 'pending', { payments: ['refunded'] }],
    [cara, 'ord_cancelled', 'local', 'cancelled'],
    // A second order of the same person, paid in installments: two rows for one person.
    [
      ada,
      'ord_ada_2',
      'stripe',
      'paid',
      {
        ...installments,
        planId: 'fsd-installments',
        enrolment: { status: 'active', paid: 2 },
        payments: ['paid', 'paid'],
      },
    ],
  ];
  for (const [index, [buyer, id, provider, status, more]] of orders.entries()) {
    await seedOrder(buyer, { id, createdAt: at(index + 1), provider, status, ...more });
  }
  for (let index = 0; index < 12; index += 1) {
    const student = await insertUser(handle.db, {
      name: `Student ${String(index).padStart(2, '0')}`,
      email: `student${index}@school.example`,
    });
    await seedOrder(student, {
      id: `ord_student_${String(index).padStart(2, '0')}`,
      createdAt: at(10, index),
      provider: 'local',
      status: 'pending',
    });
  }
});

const search = (fields: Partial<PaymentSearch> = {}) =>
  searchPayments(handle.db, { q: '', page: 1, ...fields });
const orderIds = async (fields: Partial<PaymentSearch> = {}) =>
  (await search(fields)).rows.map((row) => row.id);

describe('searchPayments', () => {
  it('lists one row per order that went anywhere, newest first, ten a page, with the count', async () => {
    const first = await search();
    expect(first.total).toBe(19);
    expect(first.pageCount).toBe(2);
    expect(first.rows.map((row) => row.id)).toEqual(
      Array.from(
        { length: 10 },
        (_, index) => `ord_student_${String(11 - index).padStart(2, '0')}`,
      ),
    );
    const second = await search({ page: 2 });
    expect(second.rows.map((row) => row.id)).toEqual([
      'ord_student_01',
      'ord_student_00',
      'ord_ada_2',
      'ord_early_refund',
      'ord_under',
      'ord_percy',
      'ord_alan',
      'ord_grace',
      'ord_ada',
    ]);
    // An order cancelled before paying went nowhere; a user without orders is not listed.
    expect(second.rows.map((row) => row.id)).not.toContain('ord_cancelled');
    expect(second.rows.map((row) => row.buyer.name)).not.toContain('Nora Noorder');
  });

  it('shows the last page for a page past the end, and one empty page for no match', async () => {
    expect(await search({ page: 99 })).toMatchObject({ page: 2, pageCount: 2 });
    expect(await search({ q: 'nobody-here', page: 3 })).toEqual({
      rows: [],
      total: 0,
      counts: { orders: 0, transfers: 0 },
      page: 1,
      pageCount: 1,
    });
  });

  it('gives each order its status, amount, installments and buyer', async () => {
    const rows = (await search({ page: 2 })).rows;
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    expect(byId.ord_ada).toMatchObject({
      status: 'paid',
      planId: 'fed-upfront',
      provider: 'local',
      amount: 40_000,
      currency: 'USD',
      installments: 1,
      installmentsPaid: 1,
      createdAt: at(1),
      buyer: { id: ada.id, name: 'Ada Lovelace', email: 'ADA@engine.example' },
    });
    expect(byId.ord_grace).toMatchObject({
      status: 'overdue',
      installments: 3,
      installmentsPaid: 1,
    });
    expect(byId.ord_alan).toMatchObject({
      status: 'pending',
      amount: 60_000_000,
      currency: 'NGN',
      installmentsPaid: 0,
    });
    expect(byId.ord_percy!.status).toBe('failed');
    expect(byId.ord_under!.status).toBe('refunded');
    expect(byId.ord_early_refund!.status).toBe('refunded');
    expect(byId.ord_ada_2).toMatchObject({ status: 'paid', installmentsPaid: 2 });
  });

  it('filters by status', async () => {
    expect(await orderIds({ status: 'paid' })).toEqual(['ord_ada_2', 'ord_ada']);
    expect(await orderIds({ status: 'overdue' })).toEqual(['ord_grace']);
    expect(await orderIds({ status: 'refunded' })).toEqual(['ord_early_refund', 'ord_under']);
    expect(await orderIds({ status: 'failed' })).toEqual(['ord_percy']);
    const pending = await search({ status: 'pending' });
    expect(pending.total).toBe(13);
    expect(pending.rows.every((row) => row.status === 'pending')).toBe(true);
  });

  it('filters by provider, alone and with a status', async () => {
    expect(await orderIds({ provider: 'paystack' })).toEqual(['ord_early_refund', 'ord_alan']);
    expect(await orderIds({ provider: 'stripe' })).toEqual(['ord_ada_2', 'ord_under', 'ord_grace']);
    expect(await orderIds({ provider: 'stripe', status: 'overdue' })).toEqual(['ord_grace']);
    expect(await orderIds({ provider: 'paystack', status: 'paid' })).toEqual([]);
    expect((await search({ provider: 'local' })).total).toBe(14);
  });

  it("searches the buyer's name or e-mail as a case-insensitive substring", async () => {
    expect(await orderIds({ q: 'GRACE' })).toEqual(['ord_grace']);
    expect(await orderIds({ q: 'bletchley' })).toEqual(['ord_alan']);
    expect(await orderIds({ q: 'ada@' })).toEqual(['ord_ada_2', 'ord_ada']);
    expect(await orderIds({ q: 'lovelace', status: 'paid', provider: 'local' })).toEqual([
      'ord_ada',
    ]);
    const students = await search({ q: 'school.example', page: 2 });
    expect(students).toMatchObject({ total: 12, page: 2, pageCount: 2 });
    expect(students.rows.map((row) => row.id)).toEqual(['ord_student_01', 'ord_student_00']);
  });

  it('treats % and _ in the search as themselves', async () => {
    expect(await orderIds({ q: '%' })).toEqual(['ord_percy']);
    expect(await orderIds({ q: '100%' })).toEqual(['ord_percy']);
    expect(await orderIds({ q: '_' })).toEqual(['ord_under']);
  });
});

describe('listPaymentsNeedingAttention', () => {
  const event = (
    eventId: string,
    outcome: string,
    receivedAt: string,
    orderId: string | null,
    provider: PaymentProviderName = 'local',
    note: string | null = null,
  ) =>
    handle.db
      .insertInto('payment_events')
      .values({
        provider,
        event_id: eventId,
        type: 'payment.succeeded',
        order_id: orderId,
        outcome,
        note,
        received_at: receivedAt,
      })
      .execute();

  it('lists mismatches and unknown orders, newest first, with the buyer when the order is known', async () => {
    expect(await listPaymentsNeedingAttention(handle.db)).toEqual({ events: [], more: false });
    await event('evt_applied', 'applied', at(20), 'ord_ada');
    await event('evt_ignored', 'ignored', at(21), 'ord_ada');
    await event('evt_duplicate', 'duplicate-payment', at(22), 'ord_ada');
    await event(
      'evt_cheap',
      'mismatch',
      at(23),
      'ord_ada',
      'local',
      'Paid $1, the order is for $400: nothing granted',
    );
    await event('evt_stranger', 'unknown-order', at(24), 'ord_nope', 'stripe', 'No stripe order');
    // Another provider's event naming a local order is as unknown as a made-up id.
    await event('evt_wrong_provider', 'unknown-order', at(25), 'ord_ada', 'paystack');
    await event('evt_unnamed', 'unknown-order', at(26), null, 'stripe');
    const { events, more } = await listPaymentsNeedingAttention(handle.db);
    expect(more).toBe(false);
    expect(events.map((item) => item.eventId)).toEqual([
      'evt_unnamed',
      'evt_wrong_provider',
      'evt_stranger',
      'evt_cheap',
    ]);
    expect(events[3]).toEqual({
      provider: 'local',
      eventId: 'evt_cheap',
      type: 'payment.succeeded',
      orderId: 'ord_ada',
      outcome: 'mismatch',
      note: 'Paid $1, the order is for $400: nothing granted',
      receivedAt: at(23),
      buyer: { id: ada.id, name: 'Ada Lovelace', email: 'ADA@engine.example' },
    });
    expect(events.slice(0, 3).map((item) => item.buyer)).toEqual([null, null, null]);
    expect(events[0]!.orderId).toBeNull();
  });

  it('shows the newest 20 and says that there are more', async () => {
    for (let index = 0; index < 20; index += 1) {
      await event(`evt_bulk_${index}`, 'mismatch', at(27, index), 'ord_grace', 'stripe');
    }
    const { events, more } = await listPaymentsNeedingAttention(handle.db);
    expect(more).toBe(true);
    expect(events).toHaveLength(20);
    expect(events[0]!.eventId).toBe('evt_bulk_19');
    expect(events[19]!.eventId).toBe('evt_bulk_0');
  });
});

describe('parsePaymentSearch and paymentSearchQuery', () => {
  it('reads a period of real days, and drops a day that is not one', () => {
    expect(parsePaymentSearch(new URLSearchParams('from=2026-03-01&to=2026-03-31'))).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(parsePaymentSearch(new URLSearchParams('from=2026-02-30&to=31/03/2026'))).toMatchObject({
      from: undefined,
      to: undefined,
    });
    expect(paymentSearchQuery({ q: '', from: '2026-03-01', to: '2026-03-31', page: 1 })).toBe(
      '?from=2026-03-01&to=2026-03-31',
    );
  });

  it('reads the URL, and unknown filters or bad pages fall back to all and page 1', () => {
    expect(
      parsePaymentSearch(new URLSearchParams('q=%20ada%20&status=overdue&provider=stripe&page=2')),
    ).toEqual({ q: 'ada', status: 'overdue', provider: 'stripe', page: 2 });
    expect(parsePaymentSearch(new URLSearchParams('q=&status=&provider=&page='))).toEqual({
      q: '',
      status: undefined,
      provider: undefined,
      page: 1,
    });
    expect(parsePaymentSearch(new URLSearchParams('status=PAID&provider=paypal&page=-3'))).toEqual({
      q: '',
      status: undefined,
      provider: undefined,
      page: 1,
    });
    expect(parsePaymentSearch(new URLSearchParams(`q=${'x'.repeat(150)}`)).q).toHaveLength(100);
  });

  it('writes only what differs from the defaults', () => {
    expect(paymentSearchQuery({ q: '', page: 1 })).toBe('');
    expect(paymentSearchQuery({ q: '100%', status: 'paid', provider: 'local', page: 3 })).toBe(
      '?q=100%25&status=paid&provider=local&page=3',
    );
  });
});

describe('the ledger: approved bank transfers beside the orders, totals, a period, the export', () => {
  const seedTransfer = (
    buyer: User,
    id: string,
    createdAt: string,
    status: BankTransferStatus,
    planId = 'fed-upfront',
    amount = 60_000_000,
  ) => insertTransfer(handle.db, { id, userId: buyer.id, planId, amount, status, createdAt });

  beforeAll(async () => {
    const alan = (await handle.db
      .selectFrom('users')
      .selectAll()
      .where('name', '=', 'Alan Turing')
      .executeTakeFirstOrThrow()) as User;
    const tunde = await insertUser(handle.db, {
      name: 'Tunde Transfer',
      email: 'tunde@lagos.example',
    });
    await seedTransfer(alan, 'tr_alan', at(30), 'approved');
    await seedTransfer(alan, 'tr_alan_waiting', at(31), 'pending', 'fsd-upfront');
    await seedTransfer(tunde, 'tr_tunde_rejected', at(31, 6), 'rejected');
    await seedTransfer(tunde, 'tr_tunde', at(31, 12), 'approved', 'fed-installments', 22_500_000);
    // A partial refund of $50 on Ada's second installment: what was received is net of it.
    await handle.db
      .updateTable('payments')
      .set({ refunded_amount: 5_000 })
      .where('id', '=', 'pay-ord_ada_2-1')
      .execute();
  });

  it('lists approved transfers as paid bank transfers, newest first with the orders, and counts each', async () => {
    const first = await search();
    expect(first).toMatchObject({ total: 21, counts: { orders: 19, transfers: 2 }, pageCount: 3 });
    expect(first.rows.slice(0, 3).map((row) => row.id)).toEqual([
      'tr_tunde',
      'tr_alan',
      'ord_student_11',
    ]);
    expect(first.rows[0]).toEqual({
      kind: 'transfer',
      id: 'tr_tunde',
      createdAt: at(31, 12),
      planId: 'fed-installments',
      provider: 'transfer',
      amount: 22_500_000,
      currency: 'NGN',
      installments: 1,
      installmentsPaid: 1,
      received: 22_500_000,
      status: 'paid',
      buyer: expect.objectContaining({ name: 'Tunde Transfer', email: 'tunde@lagos.example' }),
      discount: null,
    });
    // Each order's received money, net of refunds.
    const rows = [
      ...first.rows,
      ...(await search({ page: 2 })).rows,
      ...(await search({ page: 3 })).rows,
    ];
    const received = Object.fromEntries(rows.map((row) => [row.id, row.received]));
    expect(received).toMatchObject({
      ord_ada: 40_000,
      ord_ada_2: 25_000,
      ord_grace: 15_000,
      ord_under: 0,
      ord_early_refund: 0,
      ord_alan: 0,
    });
  });

  it('filters transfers by provider, status and search like the orders', async () => {
    expect(await orderIds({ provider: 'transfer' })).toEqual(['tr_tunde', 'tr_alan']);
    expect(await orderIds({ status: 'paid' })).toEqual([
      'tr_tunde',
      'tr_alan',
      'ord_ada_2',
      'ord_ada',
    ]);
    expect(await orderIds({ provider: 'transfer', status: 'pending' })).toEqual([]);
    expect(await orderIds({ provider: 'paystack' })).toEqual(['ord_early_refund', 'ord_alan']);
    expect(await orderIds({ q: 'turing' })).toEqual(['tr_alan', 'ord_alan']);
    expect((await search({ q: 'turing' })).counts).toEqual({ orders: 1, transfers: 1 });
  });

  it('keeps the rows of a period: from and to are whole UTC days, both included', async () => {
    expect(await orderIds({ from: '2026-03-30' })).toEqual(['tr_tunde', 'tr_alan']);
    expect(await orderIds({ to: '2026-03-01' })).toEqual(['ord_ada']);
    expect(await orderIds({ from: '2026-03-02', to: '2026-03-03', provider: 'stripe' })).toEqual([
      'ord_grace',
    ]);
    const day = await search({ from: '2026-03-10', to: '2026-03-10' });
    expect(day).toMatchObject({ total: 12, counts: { orders: 12, transfers: 0 } });
    expect(await orderIds({ from: '2026-04-01', to: '2026-03-01' })).toEqual([]);
  });

  it('totals the money received per currency, net of refunds, for what the filters match', async () => {
    const totals = (fields: Partial<PaymentSearch> = {}) =>
      paymentTotals(handle.db, { q: '', page: 1, ...fields });
    expect(await totals()).toEqual([
      { currency: 'NGN', received: 82_500_000 },
      { currency: 'USD', received: 80_000 },
    ]);
    expect(await totals({ provider: 'transfer' })).toEqual([
      { currency: 'NGN', received: 82_500_000 },
    ]);
    expect(await totals({ q: 'ada' })).toEqual([{ currency: 'USD', received: 65_000 }]);
    // A currency whose matched rows received nothing shows as nothing received.
    expect(await totals({ status: 'pending', provider: 'paystack' })).toEqual([
      { currency: 'NGN', received: 0 },
    ]);
    expect(await totals({ from: '2026-03-30' })).toEqual([
      { currency: 'NGN', received: 82_500_000 },
    ]);
    expect(await totals({ q: 'nobody-here' })).toEqual([]);
  });

  it('exports exactly the filtered ledger, in keyset batches, with a BOM', async () => {
    const readAll = async (fields: Partial<PaymentSearch>, batchSize?: number) =>
      new Response(
        ledgerExportStream(handle.db, { q: '', page: 1, ...fields }, batchSize),
      ).arrayBuffer();
    const bytes = new Uint8Array(await readAll({}, 4));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.subarray(3)).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(LEDGER_COLUMNS.join(','));
    const all = [
      ...(await search()).rows,
      ...(await search({ page: 2 })).rows,
      ...(await search({ page: 3 })).rows,
    ];
    // In batches of 4, every row once, in the list's order.
    expect(lines.slice(1, -1).map((line) => line.split(',')[1])).toEqual(all.map((row) => row.id));
    expect(lines[1]).toBe(
      '2026-03-31T12:00:00.000Z,tr_tunde,Tunde Transfer,tunde@lagos.example,FrontEnd Bootcamp in 3 Installments,Bank transfer,225000.00,NGN,1 of 1,225000.00,paid',
    );
    const ada = lines.find((line) => line.includes(',ord_ada_2,'));
    expect(ada).toBe(
      '2026-03-08T00:00:00.000Z,ord_ada_2,Ada Lovelace,ADA@engine.example,FullStack Bootcamp in 3 Installments,Stripe,150.00,USD,2 of 3,250.00,paid',
    );
    const filtered = new TextDecoder().decode(await readAll({ q: 'turing', from: '2026-03-30' }));
    expect(
      filtered
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',')[1]),
    ).toEqual(['tr_alan']);
  });
});
