import type { Kysely } from 'kysely';
import { findPlan, planPrice } from '~/content/plans';
import type { Database, Enrolment } from '~/db/schema';
import { installmentDueOn, pauseDueAt } from './overdue.server';
import type { EnrolmentStanding, Installment } from './enrolment-standing';

/** Something that settled an installment, in the order it happened. */
type Settlement =
  | { kind: 'paid'; at: string; receipt: { kind: 'payment' | 'transfer'; id: string } }
  | { kind: 'refunded'; at: string; receipt: { kind: 'payment'; id: string } }
  | { kind: 'waived'; at: string };

/**
 * The schedule of `count` installments of `amount`: the settlements fill them in the order
 * they happened (installments are paid one after another, decision 053), and the first
 * unsettled one is overdue while the enrolment is (`overdueSince`), shown due on that day:
 * the provider's failure, or a transfer's missed due day, is the fact (decision 074). The
 * rest are due a month apart from the first payment.
 */
function scheduleOf(
  settlements: Settlement[],
  { count, amount, overdueSince }: { count: number; amount: number; overdueSince: string | null },
): Installment[] {
  const ordered = [...settlements].sort((a, b) => a.at.localeCompare(b.at));
  const start = ordered[0]?.at ?? null;
  return Array.from({ length: count }, (_, index): Installment => {
    const settled = ordered[index];
    const overdue = !settled && overdueSince !== null && index === ordered.length;
    const dueOn = overdue ? overdueSince : start && installmentDueOn(start, index);
    if (settled) {
      return {
        number: index + 1,
        amount,
        dueOn,
        status: settled.kind,
        settledOn: settled.at,
        receipt: 'receipt' in settled ? settled.receipt : null,
      };
    }
    return {
      number: index + 1,
      amount,
      dueOn,
      status: overdue ? 'overdue' : 'due',
      settledOn: null,
      receipt: null,
    };
  });
}

/** The payments of an enrolment bought by card: its order's. */
async function cardSettlements(db: Kysely<Database>, orderId: string): Promise<Settlement[]> {
  const payments = await db
    .selectFrom('payments')
    .select(['id', 'created_at', 'status'])
    .where('order_id', '=', orderId)
    .execute();
  return payments.map((payment): Settlement => ({
    kind: payment.status === 'refunded' ? 'refunded' : 'paid',
    at: payment.created_at,
    receipt: { kind: 'payment', id: payment.id },
  }));
}

/** The approved bank transfers for the plan: each pays one of its installments. */
async function transferSettlements(
  db: Kysely<Database>,
  enrolment: Enrolment,
): Promise<Settlement[]> {
  const transfers = await db
    .selectFrom('bank_transfers')
    .select(['id', 'decided_at', 'created_at'])
    .where('user_id', '=', enrolment.user_id)
    .where('plan_id', '=', enrolment.plan_id)
    .where('status', '=', 'approved')
    .execute();
  return transfers.map((transfer): Settlement => ({
    kind: 'paid',
    at: transfer.decided_at ?? transfer.created_at,
    receipt: { kind: 'transfer', id: transfer.id },
  }));
}

/** An admin's waivers of the enrolment's installments, whichever way it is paid. */
async function waiverSettlements(
  db: Kysely<Database>,
  enrolment: Enrolment,
): Promise<Settlement[]> {
  const waivers = await db
    .selectFrom('enrolment_changes')
    .select('changed_at')
    .where('enrolment_id', '=', enrolment.id)
    .where('action', '=', 'installment-waived')
    .execute();
  return waivers.map((waiver): Settlement => ({ kind: 'waived', at: waiver.changed_at }));
}

/**
 * Where the person stands with their money (DESIGN §9, decision 068): their latest enrolment
 * that was bought (by card or bank transfer) and not refunded or cancelled, its plan and total,
 * each installment's amount, due day and state, what is left to pay, and, while an installment
 * is overdue, its amount and the day access pauses (or paused). Undefined: nothing bought.
 */
export async function enrolmentStandingOf(
  db: Kysely<Database>,
  userId: string,
  { graceDays }: { graceDays: number },
): Promise<EnrolmentStanding | undefined> {
  const enrolment = await db
    .selectFrom('enrolments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['active', 'overdue'])
    .where('source', 'in', ['payment', 'bank-transfer'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const plan = enrolment && findPlan(enrolment.plan_id);
  if (!enrolment || !plan) return undefined;
  const order = enrolment.order_id
    ? await db
        .selectFrom('orders')
        .select(['id', 'amount', 'currency', 'installments', 'provider'])
        .where('id', '=', enrolment.order_id)
        .executeTakeFirst()
    : undefined;
  // A transfer is in naira, at the plan's price per installment (decision 038).
  const currency = order?.currency ?? 'NGN';
  const amount = order?.amount ?? planPrice(plan, 'NGN');
  const count = order?.installments ?? plan.payments;
  const overdue = enrolment.status === 'overdue' && enrolment.overdue_since !== null;
  const [paid, waived] = await Promise.all([
    order ? cardSettlements(db, order.id) : transferSettlements(db, enrolment),
    waiverSettlements(db, enrolment),
  ]);
  const installments = scheduleOf([...paid, ...waived], {
    count,
    amount,
    overdueSince: overdue ? enrolment.overdue_since : null,
  });
  const missing = installments.find((installment) => installment.status === 'overdue');
  const pauseOn = overdue ? pauseDueAt(enrolment, graceDays) : null;
  return {
    planId: plan.id,
    provider: order?.provider ?? 'transfer',
    currency,
    total: amount * count,
    left:
      amount * installments.filter(({ status }) => status === 'due' || status === 'overdue').length,
    installments,
    overdue:
      missing && enrolment.overdue_since
        ? {
            installment: missing.number,
            of: count,
            amount: missing.amount,
            since: enrolment.overdue_since,
            pausesOn: enrolment.paused_at ?? pauseOn?.toISOString() ?? null,
            paused: enrolment.paused_at !== null,
          }
        : null,
  };
}
