import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { planName } from '~/content/plans';
import {
  ENROLLED_STATUSES,
  nowTimestamp,
  type Access,
  type Database,
  type Enrolment,
  type Order,
  type PaymentProviderName,
  type PaymentStatus,
  type Track,
} from '~/db/schema';
import { enqueueEmailToUser } from '~/features/email/outbox.server';
import { reconcileAccess } from './access.server';
import { markOverdue, settleOverdue } from './overdue.server';
import { isPostgres, lockUserRow } from '~/db/database.server';
import { issueReceipt, type IssuedReceipt } from '~/features/receipts/receipts.server';
import { formatMinorUnits } from '~/lib/format';
import { coversTrack, TRACK_NAMES } from './tracks';
import { moveCodeUse } from '~/features/discounts/discounts.server';
import {
  closePendingOrder,
  findEnrolmentOfOrder,
  findOrderOfEvent,
  takesMorePayments,
} from './orders.server';

/**
 * What a provider's verified webhook said, in the product's words. Each adapter turns its
 * provider's events into these; everything after is the same for every provider.
 */
export type PaymentEvent = {
  provider: PaymentProviderName;
  /** The provider's event id: the same delivery twice is applied once. */
  eventId: string;
  /** The provider's event type, kept for the record. */
  type: string;
  orderId: string | undefined;
  /**
   * The provider's name for the installment plan being charged (see `orders.subscription_ref`):
   * how a later charge that does not name the order finds it.
   */
  subscriptionRef?: string;
  raw: unknown;
} & (
  | {
      kind: 'payment-succeeded';
      /** The provider's id of the charge (an invoice, a payment intent, a transaction). */
      paymentId: string;
      amount: number;
      currency: string;
    }
  | {
      kind: 'payment-failed';
      reason: string;
      /** The provider's handle for a new card (Stripe's customer, Paystack's subscription). */
      manageRef?: string;
    }
  | {
      kind: 'refunded';
      paymentId: string;
      /** This refund's amount, added to what the charge had refunded before. */
      amount: number;
      currency: string;
    }
  /** Signed by the provider, but its own API would not confirm it: a person looks. */
  | { kind: 'unverified'; reason: string }
  | { kind: 'ignored' }
);

export type EventOutcome =
  | 'applied'
  | 'duplicate-event'
  | 'duplicate-payment'
  | 'unknown-order'
  | 'mismatch'
  | 'unverified'
  | 'access-withheld'
  | 'duplicate-purchase'
  | 'ignored';

export interface AppliedEvent {
  outcome: EventOutcome;
  /** Whose access or enrolment may have changed: open admin pages should refresh. */
  userId?: string;
  /** Messages were queued: wake the outbox worker. */
  queuedEmail: boolean;
}

const causeName: Record<PaymentProviderName, string> = {
  stripe: 'Payment (Stripe)',
  paystack: 'Payment (Paystack)',
  local: 'Payment (local test provider)',
};

/**
 * Applies one verified event in one transaction with its record in `payment_events`
 * (unique on provider + event id): a replay, however concurrent, changes nothing. Events
 * that arrive out of order converge: a payment and its refund end refunded whichever comes
 * first, and a subscription's first invoice and its checkout session are the same payment.
 * `graceDays` (OVERDUE_GRACE_DAYS, given by the webhook) dates the pause in the e-mail of a
 * failed installment; without it that e-mail names no pause day (decision 068).
 */
export async function applyPaymentEvent(
  db: Kysely<Database>,
  event: PaymentEvent,
  now: Date = new Date(),
  { graceDays = 0 }: { graceDays?: number } = {},
): Promise<AppliedEvent> {
  return db.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto('payment_events')
      .values({
        provider: event.provider,
        event_id: event.eventId,
        type: event.type,
        order_id: event.orderId ?? null,
        outcome: 'applied',
        received_at: nowTimestamp(now),
      })
      .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
      .executeTakeFirst();
    if (Number(recorded.numInsertedOrUpdatedRows ?? 0) === 0) {
      return { outcome: 'duplicate-event', queuedEmail: false };
    }
    const settle = async ({ outcome, note, userId, queuedEmail = false }: Settled) => {
      if (outcome !== 'applied' || note) {
        await trx
          .updateTable('payment_events')
          .set({ outcome, note: note ?? null })
          .where('provider', '=', event.provider)
          .where('event_id', '=', event.eventId)
          .execute();
      }
      return { outcome, userId, queuedEmail };
    };
    if (event.kind === 'ignored') return settle({ outcome: 'ignored' });
    if (event.kind === 'unverified') return settle({ outcome: 'unverified', note: event.reason });
    const found = await findOrderOfEvent(trx, event);
    if (!found || found.provider !== event.provider) {
      const named = event.orderId ?? (event.subscriptionRef && `for ${event.subscriptionRef}`);
      return settle({
        outcome: 'unknown-order',
        note: `No ${event.provider} order ${named ?? '(none named)'}`,
      });
    }
    const order = await lockBuyerOf(trx, found);
    if (!event.orderId) {
      await trx
        .updateTable('payment_events')
        .set({ order_id: order.id })
        .where('provider', '=', event.provider)
        .where('event_id', '=', event.eventId)
        .execute();
    }
    switch (event.kind) {
      case 'payment-succeeded':
        return settle(await recordPayment(trx, order, event, now));
      case 'payment-failed':
        return settle(await recordFailure(trx, order, event, now, graceDays));
      case 'refunded':
        return settle(await recordRefund(trx, order, event, now));
    }
  });
}

/** What a recorded event came to: its outcome, the note kept with it, whose it was. */
interface Settled {
  outcome: EventOutcome;
  note?: string;
  userId?: string;
  /** Messages were queued: wake the outbox worker. */
  queuedEmail?: boolean;
}

/**
 * One buyer's events apply one at a time. Each reads the enrolment and the payments, then
 * writes them: two at once on PostgreSQL would each miss the other's write (two
 * installments counted as one, every payment refunded and the course left open). The
 * buyer's row is the lock, and the order is read again under it; SQLite runs one write
 * transaction at a time already.
 */
async function lockBuyerOf(trx: Kysely<Database>, order: Order): Promise<Order> {
  if (!isPostgres(trx)) return order;
  await lockUserRow(trx, order.user_id);
  return trx.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
}

type SucceededEvent = Extract<PaymentEvent, { kind: 'payment-succeeded' }>;

/**
 * A charge that went through, in the order its consequences follow: the payment recorded,
 * its receipt numbered, the discount code's use taken, the enrolment opened or advanced, an
 * overdue plan cleared, access reconciled, the e-mail queued. All in the event's transaction.
 */
async function recordPayment(
  trx: Kysely<Database>,
  order: Order,
  event: SucceededEvent,
  now: Date,
): Promise<Settled> {
  if (event.amount !== order.amount || event.currency.toUpperCase() !== order.currency) {
    return {
      outcome: 'mismatch',
      note: `Paid ${formatMinorUnits(event.amount, event.currency.toUpperCase())}, the order is for ${formatMinorUnits(order.amount, order.currency)}: nothing granted`,
      userId: order.user_id,
    };
  }
  // The same charge named by another event (a checkout and its first invoice, a provider's
  // retry under a new id), or refunded before this event came: nothing more to record.
  if (await findPayment(trx, order.provider, event.paymentId)) {
    return { outcome: 'duplicate-payment', userId: order.user_id };
  }
  const existing = await findEnrolmentOfOrder(trx, order.id);
  if (existing && !takesMorePayments(order, existing)) {
    return paymentAfterTheEnd(order, event, existing);
  }
  // Pay Now sells no track a person holds, but two tabs or a provider's retry can still
  // buy it twice: the money is recorded, and an admin is asked to refund the second.
  const alreadyPaid = existing ? undefined : await paidEnrolmentCovering(trx, order);
  const paymentId = await recordThePayment(trx, order, event, now);
  // Its receipt's number, in the payment's transaction: numbers follow the money's order.
  const receipt = await issueReceipt(trx, 'payment', paymentId, now);
  // Paid after it was cancelled or had failed: the use it gave back is taken again.
  if (order.status === 'cancelled' || order.status === 'failed') {
    await moveCodeUse(trx, order.discount_code_id, 1);
  }
  const installment = await openOrAdvanceEnrolment(trx, order, existing, now);
  const cause = { id: 'payment', name: causeName[order.provider] };
  // The missed installment arrived: a paused enrolment opens again at once.
  if (existing?.status === 'overdue') await settleOverdue(trx, existing, cause, now);
  const access = await reconcileAccess(trx, order.user_id, cause, now);
  await queuePaymentReceived(trx, order, event, { paymentId, receipt, installment }, now);
  return paymentOutcome(order, event, alreadyPaid, access);
}

/** A further charge on an order whose enrolment ended or was paid in full: refused. */
function paymentAfterTheEnd(order: Order, event: SucceededEvent, existing: Enrolment): Settled {
  return {
    outcome: 'mismatch',
    note:
      existing.status === 'refunded' || existing.status === 'cancelled'
        ? `A payment ${event.paymentId} after the enrolment was ${existing.status}: not recorded, refund it`
        : `A further payment ${event.paymentId} after the order was paid in full: not recorded, refund it`,
    userId: order.user_id,
  };
}

/** The `payments` row, and the order marked paid (keeping the plan's subscription): its id. */
async function recordThePayment(
  trx: Kysely<Database>,
  order: Order,
  event: SucceededEvent,
  now: Date,
): Promise<string> {
  const at = nowTimestamp(now);
  const payment = paymentRow(order, event, 'paid', 0, at);
  await trx.insertInto('payments').values(payment).execute();
  await trx
    .updateTable('orders')
    .set({
      status: 'paid',
      subscription_ref: order.subscription_ref ?? event.subscriptionRef ?? null,
      updated_at: at,
    })
    .where('id', '=', order.id)
    .execute();
  return payment.id;
}

/**
 * The order's first payment opens its enrolment; a later one counts an installment and
 * makes an overdue enrolment active. Returns which installment this payment was.
 */
async function openOrAdvanceEnrolment(
  trx: Kysely<Database>,
  order: Order,
  existing: Enrolment | undefined,
  now: Date,
): Promise<number> {
  const at = nowTimestamp(now);
  const installment = Math.min((existing?.installments_paid ?? 0) + 1, order.installments);
  if (existing) {
    await trx
      .updateTable('enrolments')
      .set({
        installments_paid: installment,
        status: existing.status === 'overdue' ? 'active' : existing.status,
        updated_at: at,
      })
      .where('id', '=', existing.id)
      .execute();
  } else {
    await trx
      .insertInto('enrolments')
      .values({
        id: randomUUID(),
        user_id: order.user_id,
        order_id: order.id,
        track: order.track,
        plan_id: order.plan_id,
        status: 'active',
        installments_paid: 1,
        installments_total: order.installments,
        source: 'payment',
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  return installment;
}

/** The buyer's "payment received" e-mail, once per charge, with its receipt's number. */
async function queuePaymentReceived(
  trx: Kysely<Database>,
  order: Order,
  event: SucceededEvent,
  paid: { paymentId: string; receipt: IssuedReceipt; installment: number },
  now: Date,
): Promise<void> {
  await enqueueEmailToUser(
    trx,
    order.user_id,
    {
      key: `payment:${order.provider}:${event.paymentId}`,
      template: 'payment-received',
      payload: (user) => ({
        name: user.name,
        planName: planName(order.plan_id),
        amount: formatMinorUnits(order.amount, order.currency),
        installment: paid.installment,
        installments: order.installments,
        reference: order.id,
        track: order.track,
        paymentId: paid.paymentId,
        receiptNumber: paid.receipt.number,
      }),
    },
    now,
  );
}

/**
 * A recorded payment's outcome: applied, or applied with a note asking an admin to act (a
 * second purchase of a track held, or access an admin had revoked).
 */
function paymentOutcome(
  order: Order,
  event: SucceededEvent,
  alreadyPaid: { track: Track; order_id: string | null } | undefined,
  access: Access | undefined,
): Settled {
  if (alreadyPaid) {
    return {
      outcome: 'duplicate-purchase',
      note: `Already enrolled in the ${TRACK_NAMES[alreadyPaid.track]} track (${alreadyPaid.order_id ?? 'by bank transfer'}): payment ${event.paymentId} is a second purchase, refund it`,
      userId: order.user_id,
      queuedEmail: true,
    };
  }
  if (access === 'none') {
    return {
      outcome: 'access-withheld',
      note: `Payment ${event.paymentId} recorded, but an admin had revoked this person's access: restore it on their page, or refund the payment`,
      userId: order.user_id,
      queuedEmail: true,
    };
  }
  return { outcome: 'applied', userId: order.user_id, queuedEmail: true };
}

/** Another paid enrolment of the buyer (a payment or a transfer) that covers the order's track. */
async function paidEnrolmentCovering(trx: Kysely<Database>, order: Order) {
  const held = await trx
    .selectFrom('enrolments')
    .select(['track', 'order_id'])
    .where('user_id', '=', order.user_id)
    .where('status', 'in', ENROLLED_STATUSES)
    .where('source', 'in', ['payment', 'bank-transfer'])
    .execute();
  return held.find((enrolment) => coversTrack([enrolment.track], order.track));
}

async function recordFailure(
  trx: Kysely<Database>,
  order: Order,
  { reason, manageRef }: Extract<PaymentEvent, { kind: 'payment-failed' }>,
  now: Date,
  graceDays: number,
): Promise<Settled> {
  const enrolment = await findEnrolmentOfOrder(trx, order.id);
  if (!enrolment) {
    // The first payment failed: there is nothing to unlock, the order just did not go through
    // (and gives back its code's use).
    await closePendingOrder(trx, order.id, 'failed', now);
    return { outcome: 'applied', note: reason, userId: order.user_id };
  }
  if (enrolment.status !== 'active')
    return { outcome: 'ignored', note: reason, userId: order.user_id };
  // A later installment failed: overdue, and the student is told at once. Access stays
  // until the grace period ends (the overdue sweep, decision 053).
  await markOverdue(trx, enrolment, {
    manageRef,
    since: now,
    now,
    graceDays,
    emailKey: `installment-failed:${order.id}:${enrolment.installments_paid + 1}`,
  });
  return { outcome: 'applied', note: reason, userId: order.user_id, queuedEmail: true };
}

async function recordRefund(
  trx: Kysely<Database>,
  order: Order,
  event: Extract<PaymentEvent, { kind: 'refunded' }>,
  now: Date,
): Promise<Settled> {
  const at = nowTimestamp(now);
  const payment = await findPayment(trx, order.provider, event.paymentId);
  if (!payment) {
    if (event.amount < order.amount) {
      return {
        outcome: 'ignored',
        note: `A partial refund of ${formatMinorUnits(event.amount, order.currency)} before its payment was recorded: not counted`,
        userId: order.user_id,
      };
    }
    // The refund came before the payment's own event: record the charge as refunded, so
    // the payment event that follows finds it and grants nothing.
    await trx
      .insertInto('payments')
      .values(paymentRow(order, event, 'refunded', order.amount, at))
      .execute();
    return {
      outcome: 'applied',
      note: 'Refund recorded before its payment',
      userId: order.user_id,
    };
  }
  if (payment.status === 'refunded') return { outcome: 'ignored', userId: order.user_id };
  const refunded = Math.min(payment.amount, payment.refunded_amount + event.amount);
  if (refunded < payment.amount) {
    // A partial refund keeps the course; the parts count toward a refund of the whole.
    await trx
      .updateTable('payments')
      .set({ refunded_amount: refunded })
      .where('id', '=', payment.id)
      .execute();
    return {
      outcome: 'applied',
      note: `Partly refunded: ${formatMinorUnits(refunded, payment.currency)} of ${formatMinorUnits(payment.amount, payment.currency)}`,
      userId: order.user_id,
    };
  }
  await trx
    .updateTable('payments')
    .set({ status: 'refunded', refunded_amount: refunded, refunded_at: at })
    .where('id', '=', payment.id)
    .execute();
  const stillPaid = await trx
    .selectFrom('payments')
    .select('id')
    .where('order_id', '=', order.id)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  if (!stillPaid) {
    await trx
      .updateTable('enrolments')
      .set({ status: 'refunded', updated_at: at })
      .where('order_id', '=', order.id)
      .execute();
  }
  await reconcileAccess(
    trx,
    order.user_id,
    { id: 'payment', name: `${causeName[order.provider]}: refund` },
    now,
  );
  return { outcome: 'applied', userId: order.user_id };
}

function findPayment(trx: Kysely<Database>, provider: PaymentProviderName, paymentId: string) {
  return trx
    .selectFrom('payments')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_payment_id', '=', paymentId)
    .executeTakeFirst();
}

/** A `payments` row for the charge an event names (a refund's row is refunded already). */
function paymentRow(
  order: Order,
  event: Extract<PaymentEvent, { kind: 'payment-succeeded' | 'refunded' }>,
  status: PaymentStatus,
  refundedAmount: number,
  at: string,
) {
  return {
    id: randomUUID(),
    order_id: order.id,
    user_id: order.user_id,
    provider: order.provider,
    provider_payment_id: event.paymentId,
    // A payment's amount matched the order's (or it was not recorded); a refund that came
    // first was of the whole charge, which is the order's amount.
    amount: order.amount,
    currency: event.currency.toUpperCase(),
    status,
    refunded_amount: refundedAmount,
    raw_event: JSON.stringify(reconciliationFields(event.raw)),
    created_at: at,
    refunded_at: status === 'refunded' ? at : null,
  };
}

/**
 * The fields of a provider's event that reconciliation reads or an admin needs to find the
 * charge at the provider: ids, references, amounts, currency, status, dates, and the plan,
 * subscription and customer codes. Everything else (names, addresses, Paystack's
 * `custom_fields`, `narration`, `metadata.referrer`, a card's `authorization`, Stripe's
 * `customer_details`…) is dropped before the event is stored (decision 064): an allow-list,
 * as a block-list of personal keys misses the ones nobody thought of.
 */
const KEPT_EVENT_VALUES = new Set([
  'id',
  'type',
  'event',
  'api_version',
  'livemode',
  'amount',
  'amount_due',
  'amount_paid',
  'amount_total',
  'amount_subtotal',
  'amount_captured',
  'amount_refunded',
  'refunded',
  'paid',
  'currency',
  'status',
  'payment_status',
  'mode',
  'billing_reason',
  'created',
  'created_at',
  'createdAt',
  'paid_at',
  'paidAt',
  'reference',
  'transaction_reference',
  'refund_reference',
  'client_reference_id',
  'order_id',
  'payment_id',
  'payment_intent',
  'invoice',
  'invoice_code',
  'subscription_code',
  'plan_code',
  'customer_code',
  'interval',
  'invoice_limit',
]);
/**
 * Keys whose value is an id or a kind (kept) or an object to be cut in its turn (Stripe's
 * `data.object`, Paystack's `customer`).
 */
const KEPT_EVENT_PARTS = new Set([
  'data',
  'object',
  'customer',
  'subscription',
  'plan',
  'plan_object',
]);
/** Keys kept only as objects to cut: a string there is free text (Paystack's metadata). */
const KEPT_EVENT_OBJECTS = new Set(['metadata', 'parent', 'subscription_details']);

export function reconciliationFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reconciliationFields);
  if (value === null || typeof value !== 'object') return value;
  const kept: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const isObject = inner !== null && typeof inner === 'object';
    if (KEPT_EVENT_VALUES.has(key) && !isObject) kept[key] = inner;
    else if (KEPT_EVENT_PARTS.has(key) || (KEPT_EVENT_OBJECTS.has(key) && isObject)) {
      kept[key] = reconciliationFields(inner);
    }
  }
  return kept;
}
