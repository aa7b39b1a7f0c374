import { describe, expect, it } from 'vitest';
import { findPlan } from '~/content/plans';
import type { Order } from '~/db/schema';
import { applyPaymentEvent, type PaymentEvent } from '~/features/enrolment/payment-events.server';
import { accountPaymentsOf } from '~/features/account/account-payments.server';
import {
  cancelPendingOrder,
  expireHeldOrders,
  findOrderState,
} from '~/features/enrolment/orders.server';
import { searchPayments } from '~/features/enrolment/payment-search.server';
import { findReceiptDetails } from '~/features/receipts/receipts.server';
import { listEnrolmentsAndPayments } from '~/features/enrolment/user-payments.server';
import type { PaymentProvider } from '~/features/enrolment/payment-provider.server';
import { openCheckout } from '~/features/enrolment/provider-orders.server';
import {
  accessOf,
  admin,
  discountCodeFields,
  grantOf,
  insertUser,
  outboxOf,
} from '../../../tests/support/factories';
import { accepted } from '../../../tests/support/accepted';
import { atTheSameMoment } from '../../../tests/support/same-moment';
import { useTestDatabase } from '../../../tests/support/test-database';
import {
  checkCode,
  createDiscountCode,
  deactivateDiscountCode,
  listDiscountCodes,
  suggestDiscountCode,
  type NewDiscountCode,
} from './discounts.server';
import { CODE_PATTERN, CODE_REFUSALS, isGuessableCode } from './discount-form';
import { enrolWithScholarship } from './scholarship.server';

const database = useTestDatabase();
const upfront = findPlan('fed-upfront')!;
const installments = findPlan('fed-installments')!;

/** A provider that opens a checkout for any order and never has one to resume. */
const provider: PaymentProvider = {
  name: 'local',
  currency: 'USD',
  checkoutOrigins: [],
  createCheckout: (order) =>
    Promise.resolve({ url: `http://pay.test/${order.id}`, providerRef: `ref-${order.id}` }),
  resumeCheckout: () => Promise.resolve(undefined),
  verifyWebhook: () => Promise.reject(new Error('not used')),
};

let codes = 0;
async function newCode(fields: Partial<NewDiscountCode> = {}) {
  codes += 1;
  const created = await createDiscountCode(
    database.db,
    discountCodeFields({ code: `code-${codes}`, ...fields }),
    admin,
  );
  return accepted(created).discountCode;
}

const usesOf = async (id: string) =>
  (
    await database.db
      .selectFrom('discount_codes')
      .select('uses')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).uses;

/** Pay Now with a code, as /checkout does it: the check, then the order and the use. */
async function payNowWith(code: string, userId: string, plan = upfront, now = new Date()) {
  const check = await checkCode(database.db, code, plan, 'USD', now, userId);
  if (!check.ok) return { refused: check.refusal };
  const user = { id: userId, email: `${userId}@example.com`, name: 'Student' };
  return openCheckout(
    database.db,
    provider,
    user,
    plan,
    { codeId: check.row.id, amountOff: check.amountOff },
    now,
  );
}

type Student = Awaited<ReturnType<typeof insertUser>>;

/** New students, made one after another. */
async function students(count: 2): Promise<[Student, Student]>;
async function students(count: 3): Promise<[Student, Student, Student]>;
async function students(count: number): Promise<Student[]> {
  const made = [];
  while (made.length < count) made.push(await insertUser(database.db));
  return made;
}

const orderOf = (id: string) =>
  database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

let events = 0;
function event(
  order: Order,
  kind: 'paid' | 'failed' | 'refunded',
  paymentId = 'pay',
): PaymentEvent {
  events += 1;
  const common = {
    provider: 'local' as const,
    eventId: `evt-d-${events}`,
    type: kind,
    orderId: order.id,
    raw: {},
  };
  if (kind === 'failed') return { ...common, kind: 'payment-failed', reason: 'declined' };
  const money = { paymentId: `${paymentId}-${order.id}`, amount: order.amount, currency: 'usd' };
  return kind === 'paid'
    ? { ...common, kind: 'payment-succeeded', ...money }
    : { ...common, kind: 'refunded', ...money };
}

describe('discount codes', () => {
  it('are unique whatever the case, and take their percent or dollars off each payment', async () => {
    await newCode({ code: 'Lagos20-Test' });
    expect(
      await createDiscountCode(database.db, discountCodeFields({ code: 'LAGOS20-test' }), admin),
    ).toEqual({ ok: false, reason: 'codeTaken' });
    const percent = await checkCode(database.db, ' lagos20-TEST ', upfront, 'USD');
    expect(percent).toMatchObject({ ok: true, amountOff: 8_000, amount: 32_000 });
    const dollars = await newCode({
      percentOff: null,
      amountOff: 50,
      planIds: ['fed-upfront', 'fed-installments'],
    });
    // Each installment, and in naira at the plan's own rate.
    expect(await checkCode(database.db, dollars.code, installments, 'USD')).toMatchObject({
      ok: true,
      amountOff: 5_000,
      amount: 10_000,
    });
    expect(await checkCode(database.db, dollars.code, installments, 'NGN')).toMatchObject({
      ok: true,
      amountOff: 7_500_000,
      amount: 15_000_000,
    });
  });

  it('refuses an unknown, expired, deactivated or other-plan code with one sentence; used up says so', async () => {
    const refusal = async (code: string, plan = upfront) => {
      const check = await checkCode(database.db, code, plan, 'USD');
      return check.ok ? 'accepted' : CODE_REFUSALS[check.refusal];
    };
    const notUsable = "This code can't be used for this plan";
    expect(await refusal('NO-SUCH-CODE')).toBe(notUsable);
    expect(await refusal('not a code!')).toBe(notUsable);
    const expired = await newCode({ expiresOn: '2026-01-01' });
    expect(await refusal(expired.code)).toBe(notUsable);
    const other = await newCode();
    expect(await refusal(other.code, installments)).toBe(notUsable);
    const off = await newCode();
    await deactivateDiscountCode(database.db, off.id);
    expect(await refusal(off.code)).toBe(notUsable);
    const once = await newCode({ maxUses: 1 });
    const buyer = await insertUser(database.db);
    expect(await payNowWith(once.code, buyer.id)).toMatchObject({ resumed: false });
    expect(await refusal(once.code)).toBe('This code has been used up.');
    // Used up, and for another plan too: the plan is refused first, as for a stranger.
    expect(await refusal(once.code, installments)).toBe(notUsable);
  });

  it('suggests random codes of 10 from an alphabet without look-alikes, and calls a short one guessable', () => {
    const suggested = Array.from({ length: 200 }, () => suggestDiscountCode());
    for (const code of suggested) {
      expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$/);
      expect(code).toMatch(CODE_PATTERN);
      expect(isGuessableCode(code)).toBe(false);
    }
    expect(new Set(suggested).size).toBe(200);
    // Every character of the alphabet turns up, and nothing else.
    expect(new Set(suggested.join('')).size).toBe(31);
    expect(isGuessableCode('LAGOS20')).toBe(true);
    expect(isGuessableCode('LAG-OS-20')).toBe(true);
    expect(isGuessableCode('LAGOS-2026')).toBe(false);
  });

  it('the last use raced by two students at the same moment goes to one of them', async () => {
    const last = await newCode({ maxUses: 1 });
    const [first, second] = [await insertUser(database.db), await insertUser(database.db)];
    const outcomes = await atTheSameMoment(
      database,
      { table: 'discount_codes', operation: 'update' },
      [first, second].map((student) => () => payNowWith(last.code, student.id)),
    );
    expect(outcomes.filter((outcome) => 'orderId' in outcome)).toHaveLength(1);
    expect(outcomes.filter((outcome) => 'refused' in outcome)).toEqual([{ refused: 'used-up' }]);
    expect(await usesOf(last.id)).toBe(1);
    const made = await database.db
      .selectFrom('orders')
      .select('id')
      .where('discount_code_id', '=', last.id)
      .execute();
    expect(made).toHaveLength(1);
  });

  it('an order stores the discounted amount, and only that amount pays it', async () => {
    const code = await newCode({ maxUses: null });
    const student = await insertUser(database.db);
    const opened = await payNowWith(code.code, student.id);
    if (!('orderId' in opened)) throw new Error('refused');
    const order = await orderOf(opened.orderId);
    expect(order).toMatchObject({
      amount: 32_000,
      discount_amount: 8_000,
      discount_code_id: code.id,
    });
    const fullPrice = { ...event(order, 'paid'), amount: 40_000 } as PaymentEvent;
    expect((await applyPaymentEvent(database.db, fullPrice)).outcome).toBe('mismatch');
    expect((await applyPaymentEvent(database.db, event(order, 'paid'))).outcome).toBe('applied');
    expect((await accessOf(database.db, student.id)).access).toBe('level-1');
    // Pay Now again with the same code resumes nothing paid and takes no second use.
    expect(await usesOf(code.id)).toBe(1);
  });

  it('a cancelled order gives its use back once; a failed first payment too; a refund does not', async () => {
    const code = await newCode({ maxUses: 1 });
    const [first, second, third] = [
      await insertUser(database.db),
      await insertUser(database.db),
      await insertUser(database.db),
    ];
    const opened = await payNowWith(code.code, first.id);
    if (!('orderId' in opened)) throw new Error('refused');
    await cancelPendingOrder(database.db, opened.orderId);
    await cancelPendingOrder(database.db, opened.orderId);
    expect(await usesOf(code.id)).toBe(0);

    const again = await payNowWith(code.code, second.id);
    if (!('orderId' in again)) throw new Error('refused');
    expect(await usesOf(code.id)).toBe(1);
    const failed = await orderOf(again.orderId);
    await applyPaymentEvent(database.db, event(failed, 'failed'));
    await applyPaymentEvent(database.db, event(failed, 'failed'));
    expect(await usesOf(code.id)).toBe(0);

    const paid = await payNowWith(code.code, third.id);
    if (!('orderId' in paid)) throw new Error('refused');
    const order = await orderOf(paid.orderId);
    await applyPaymentEvent(database.db, event(order, 'paid'));
    await applyPaymentEvent(database.db, event(order, 'refunded'));
    expect((await accessOf(database.db, third.id)).access).toBe('none');
    expect(await usesOf(code.id)).toBe(1);
    expect(await payNowWith(code.code, first.id)).toEqual({ refused: 'used-up' });
  });

  it('an order whose checkout closed unpaid gives its use back; paid after all, it takes it again', async () => {
    const code = await newCode({ maxUses: 1 });
    const student = await insertUser(database.db);
    const opened = await payNowWith(code.code, student.id);
    if (!('orderId' in opened)) throw new Error('refused');
    const order = await orderOf(opened.orderId);
    expect(await expireHeldOrders(database.db, new Date(Date.now() + 29 * 60_000))).toBe(0);
    // Two instances' sweeps at once end each held order once (the other tests' too).
    const held = await database.db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'pending')
      .where('discount_code_id', 'is not', null)
      .execute();
    const later = new Date(Date.now() + 31 * 60_000);
    const swept = await Promise.all([
      expireHeldOrders(database.db, later),
      expireHeldOrders(database.db, later),
    ]);
    expect(swept[0] + swept[1]).toBe(held.length);
    expect(await usesOf(code.id)).toBe(0);
    expect((await orderOf(order.id)).status).toBe('cancelled');
    // The provider's page was paid late: the money counts, and so does the use.
    expect((await applyPaymentEvent(database.db, event(order, 'paid'))).outcome).toBe('applied');
    expect(await usesOf(code.id)).toBe(1);
  });

  it('lists uses, the revenue given up and each code’s state', async () => {
    const code = await newCode({ code: 'GIVEN-UP', maxUses: 1 });
    const student = await insertUser(database.db);
    const opened = await payNowWith(code.code, student.id);
    if (!('orderId' in opened)) throw new Error('refused');
    await applyPaymentEvent(database.db, event(await orderOf(opened.orderId), 'paid'));
    const listed = (await listDiscountCodes(database.db)).find((row) => row.id === code.id);
    // The order, the receipt, /admin/payments and the student's own history show the code.
    const order = await orderOf(opened.orderId);
    expect(await findOrderState(database.db, order.id, student.id)).toMatchObject({
      amount: '$320',
      discount: 'GIVEN-UP ($80 off)',
    });
    const { payments } = await listEnrolmentsAndPayments(database.db, student.id);
    expect(payments.map((line) => line.discount)).toEqual(['GIVEN-UP ($80 off)']);
    expect(
      await findReceiptDetails(database.db, 'payment', payments[0]!.id, {
        id: student.id,
        access: 'level-1',
      }),
    ).toMatchObject({ amount: 32_000, discount: { code: 'GIVEN-UP', amount: 8_000 } });
    const ledger = await searchPayments(database.db, { q: student.email, page: 1 });
    expect(ledger.rows.map((row) => row.discount)).toEqual(['GIVEN-UP ($80 off)']);
    const history = await accountPaymentsOf(database.db, student.id);
    expect(history.payments.map((line) => line.discount)).toEqual(['GIVEN-UP ($80 off)']);
    expect(listed).toMatchObject({
      code: 'GIVEN-UP',
      off: '20%',
      uses: 1,
      maxUses: 1,
      givenUp: '$80',
      state: 'used up',
      planNames: ['FrontEnd Bootcamp Upfront'],
    });
  });
});

describe('the use an unpaid checkout holds', () => {
  const minutes = (from: Date, count: number) => new Date(from.getTime() + count * 60_000);
  const statusOf = async (orderId: string) => (await orderOf(orderId)).status;

  it('ends when the checkout closes: two abandoned checkouts stop blocking a two-use code, a live hold still counts', async () => {
    const code = await newCode({ maxUses: 2 });
    const [first, second, third] = await students(3);
    const start = new Date();
    const abandoned = [
      await payNowWith(code.code, first.id, upfront, start),
      await payNowWith(code.code, second.id, upfront, start),
    ];
    expect(abandoned).toMatchObject([{ resumed: false }, { resumed: false }]);
    // 29 minutes on, both checkouts are still open: their holds count.
    expect(await payNowWith(code.code, third.id, upfront, minutes(start, 29))).toEqual({
      refused: 'used-up',
    });
    // Past the local checkout's 30 minutes, with no sweep in between: both holds are over.
    const later = minutes(start, 31);
    expect(await checkCode(database.db, code.code, upfront, 'USD', later)).toMatchObject({
      ok: true,
    });
    expect(await payNowWith(code.code, third.id, upfront, later)).toMatchObject({
      resumed: false,
    });
    expect(await usesOf(code.id)).toBe(1);
    for (const opened of abandoned) {
      if (!('orderId' in opened)) throw new Error('refused');
      expect(await statusOf(opened.orderId)).toBe('cancelled');
    }
  });

  it('lasts as long as the provider keeps its checkout open (a Stripe session’s expiry)', async () => {
    const stripeLike: PaymentProvider = {
      ...provider,
      name: 'stripe',
      createCheckout: (order) =>
        Promise.resolve({
          url: `http://pay.test/${order.id}`,
          providerRef: `cs-${order.id}`,
          expiresAt: minutes(new Date(order.created_at), 45),
        }),
    };
    const code = await newCode({ maxUses: 1 });
    const [buyer, next] = await students(2);
    const start = new Date();
    const user = { id: buyer.id, email: 'b@example.com', name: 'Buyer' };
    const check = await checkCode(database.db, code.code, upfront, 'USD', start);
    if (!check.ok) throw new Error(check.refusal);
    const opened = await openCheckout(
      database.db,
      stripeLike,
      user,
      upfront,
      { codeId: check.row.id, amountOff: check.amountOff },
      start,
    );
    if (!('orderId' in opened)) throw new Error('refused');
    expect((await orderOf(opened.orderId)).checkout_expires_at).toBe(
      minutes(start, 45).toISOString(),
    );
    expect(await payNowWith(code.code, next.id, upfront, minutes(start, 40))).toEqual({
      refused: 'used-up',
    });
    expect(await payNowWith(code.code, next.id, upfront, minutes(start, 46))).toMatchObject({
      resumed: false,
    });
  });

  it('is released at once when the same person starts another checkout', async () => {
    const code = await newCode({ maxUses: 1, planIds: ['fed-upfront', 'fed-installments'] });
    const [buyer, other] = await students(2);
    const first = await payNowWith(code.code, buyer.id);
    if (!('orderId' in first)) throw new Error('refused');
    expect(await usesOf(code.id)).toBe(1);
    // The same person turns to another plan, without the code: the first hold is released.
    const user = { id: buyer.id, email: 'b@example.com', name: 'Buyer' };
    const second = await openCheckout(database.db, provider, user, installments);
    expect(second).toMatchObject({ resumed: false });
    expect(await statusOf(first.orderId)).toBe('cancelled');
    expect(await usesOf(code.id)).toBe(0);
    expect(await payNowWith(code.code, other.id)).toMatchObject({ resumed: false });
    // Holding the last use, the other student may still start again with it, on another plan.
    const again = await payNowWith(code.code, other.id, installments);
    expect(again).toMatchObject({ resumed: false });
    expect(await usesOf(code.id)).toBe(1);
    expect(await payNowWith(code.code, buyer.id)).toEqual({ refused: 'used-up' });
  });
});

describe('a 100 % code (a scholarship)', () => {
  const scholarship = (userId: string, codeId: string, code: string, plan = upfront) =>
    enrolWithScholarship(database.db, {
      userId,
      plan,
      provider: { name: 'local', currency: 'USD' },
      codeId,
      code,
      amountOff: plan.amount * 100,
    });

  it('enrols through the reconcile path: source scholarship, level-1 audited, the e-mail, one use', async () => {
    const code = await newCode({ percentOff: 100, maxUses: 5, planIds: ['fed-installments'] });
    const student = await insertUser(database.db);
    const result = await scholarship(student.id, code.id, code.code, installments);
    expect(result.ok).toBe(true);
    expect(await grantOf(database.db, student.id)).toMatchObject({
      enrolment: {
        source: 'scholarship',
        status: 'active',
        installments_paid: 3,
        installments_total: 3,
      },
      change: {
        changed_by: 'payment',
        changed_by_name: `Scholarship (code ${code.code})`,
        access_after: 'level-1',
      },
    });
    const [email] = await outboxOf(database.db, student.id);
    expect(email!.template).toBe('scholarship-granted');
    expect(await usesOf(code.id)).toBe(1);
    expect(
      await database.db
        .selectFrom('payments')
        .where('user_id', '=', student.id)
        .select('id')
        .execute(),
    ).toEqual([]);
    // Enrolled: a second scholarship takes nothing.
    expect(await scholarship(student.id, code.id, code.code, installments)).toEqual({
      ok: false,
      reason: 'alreadyEnrolled',
    });
    expect(await usesOf(code.id)).toBe(1);
  });

  it('never lowers an admin, and its last use goes to one of two', async () => {
    const code = await newCode({ percentOff: 100, maxUses: 1 });
    const boss = await insertUser(database.db, { access: 'admin' });
    const student = await insertUser(database.db);
    const outcomes = await atTheSameMoment(
      database,
      { table: 'discount_codes', operation: 'update' },
      [boss, student].map((person) => () => scholarship(person.id, code.id, code.code)),
    );
    expect(outcomes.map((outcome) => (outcome.ok ? 'enrolled' : outcome.reason)).sort()).toEqual([
      'enrolled',
      'usedUp',
    ]);
    expect((await accessOf(database.db, boss.id)).access).toBe('admin');
    expect(await usesOf(code.id)).toBe(1);
  });
});
