import { randomUUID } from 'node:crypto';
import type { Kysely, Updateable } from 'kysely';
import { findPlan, planName, planPrice } from '~/content/plans';
import {
  nowTimestamp,
  type Database,
  type Enrolment,
  type EnrolmentsTable,
  type Order,
} from '~/db/schema';
import { countRows, lockUserRow } from '~/db/database.server';
import { enqueueEmailToUser } from '~/features/email/outbox.server';
import { formatDayUtc, formatMinorUnits } from '~/lib/format';
import { grantDuringPause, reconcileAccess, type AccessCause } from './access.server';
import { REMINDER_DAYS, type OverduePage, type OverdueRow } from './overdue';
import { LIST_PAGE_SIZE, pageOf } from '~/ui/list/page-window';
import { DAY_MS } from '~/lib/days';
import { refusal, type Refusal, type Result } from '~/lib/refusal';

/** The audit trail's name for the sweep's pause (DESIGN §9: every change names its cause). */
export const OVERDUE_CAUSE: AccessCause = {
  id: 'installment-overdue',
  name: 'Installment overdue',
};

/**
 * The cause an admin's extension or waiver gives back access under: the overdue cause, so
 * the pause that may follow is as automatic as the first (an admin's own grant would stand
 * against it), named with the admin; who and why are in `enrolment_changes`.
 */
const byAdmin = (what: string, admin: OverdueAdmin): AccessCause => ({
  id: OVERDUE_CAUSE.id,
  name: `${OVERDUE_CAUSE.name}: ${what} by ${admin.name}`,
});

/** Who changed an overdue enrolment by hand: the admin, named in its audit. */
export interface OverdueAdmin {
  id: string;
  name: string;
}

/**
 * A later installment failed (the event's transaction, after `recordFailure` locked the
 * buyer), or a transfer plan's installment was not paid by its due day (`since`, the sweep):
 * the enrolment turns overdue, the pause and reminders count from `since`, and the student is
 * told at once (the e-mail's key is the caller's: the order's or the enrolment's installment).
 * The provider's handle for a new card is kept for "Update your payment".
 */
export async function markOverdue(
  trx: Kysely<Database>,
  enrolment: Enrolment,
  {
    manageRef,
    since,
    now,
    graceDays,
    emailKey,
  }: { manageRef?: string; since: Date; now: Date; graceDays: number; emailKey: string },
): Promise<void> {
  await trx
    .updateTable('enrolments')
    .set({
      status: 'overdue',
      overdue_since: nowTimestamp(since),
      pause_due_at: null,
      paused_at: null,
      manage_ref: manageRef ?? enrolment.manage_ref,
      updated_at: nowTimestamp(now),
    })
    .where('id', '=', enrolment.id)
    .execute();
  const facts = await overdueEmailFacts(
    trx,
    enrolment,
    pauseDueAt({ overdue_since: nowTimestamp(since), pause_due_at: null }, graceDays),
  );
  await enqueueEmailToUser(
    trx,
    enrolment.user_id,
    {
      key: emailKey,
      template: 'installment-failed',
      payload: (user) => ({ name: user.name, planName: planName(enrolment.plan_id), ...facts }),
    },
    now,
  );
}

/**
 * The missed installment is settled (its payment arrived, or an admin waived it): the
 * overdue marks go, and a paused enrolment holds its track again at once, through the
 * reconcile path and audited with `cause`, with the "access is back" e-mail when the person
 * had lost their access. The caller has set the enrolment's status and installments.
 */
export async function settleOverdue(
  trx: Kysely<Database>,
  enrolment: Enrolment,
  cause: AccessCause,
  now: Date,
): Promise<{ restored: boolean }> {
  await trx
    .updateTable('enrolments')
    .set({ overdue_since: null, pause_due_at: null, paused_at: null })
    .where('id', '=', enrolment.id)
    .execute();
  if (!enrolment.paused_at) return { restored: false };
  return { restored: await restoreAccess(trx, enrolment, cause, now) };
}

/**
 * A paused enrolment holds its track again (the caller has cleared `paused_at`): access
 * through the reconcile path, audited with `cause`, and "Your course access is back" when
 * the person had lost it. Returns whether they had.
 */
async function restoreAccess(
  trx: Kysely<Database>,
  enrolment: Enrolment,
  cause: AccessCause,
  now: Date,
): Promise<boolean> {
  const before = await trx
    .selectFrom('users')
    .select('access')
    .where('id', '=', enrolment.user_id)
    .executeTakeFirst();
  const after = await reconcileAccess(trx, enrolment.user_id, cause, now);
  if (before?.access !== 'none' || after !== 'level-1') return false;
  return enqueueEmailToUser(
    trx,
    enrolment.user_id,
    {
      key: `access-restored:${enrolment.id}:${enrolment.paused_at}`,
      template: 'access-restored',
      payload: (user) => ({
        name: user.name,
        planName: planName(enrolment.plan_id),
        track: enrolment.track,
      }),
    },
    now,
  );
}

/** When an overdue enrolment's access pauses: an admin's date, or the grace period's end. */
export function pauseDueAt(
  enrolment: Pick<Enrolment, 'overdue_since' | 'pause_due_at'>,
  graceDays: number,
): Date | null {
  if (enrolment.pause_due_at) return new Date(enrolment.pause_due_at);
  if (!enrolment.overdue_since || graceDays <= 0) return null;
  return new Date(Date.parse(enrolment.overdue_since) + graceDays * DAY_MS);
}

/**
 * The day installment `index + 1` falls due, `index` months after `firstPaidAt` (UTC): the
 * providers charge monthly from the first payment, and a transfer plan is due the same way
 * from its first approval (decisions 068 and 074).
 */
export function installmentDueOn(firstPaidAt: string, index: number): string {
  const date = new Date(firstPaidAt);
  date.setUTCMonth(date.getUTCMonth() + index);
  return date.toISOString();
}

/**
 * What every overdue e-mail names (decision 068): the missing installment ("2 of 3"), its
 * amount as people read it (a card plan's order, or a transfer plan's installment in naira,
 * decision 038), the day access pauses (absent: it never pauses), and, for a transfer
 * payer, that it is paid by transfer (the bank's details instead of Update your payment).
 */
export async function overdueEmailFacts(
  trx: Kysely<Database>,
  enrolment: Pick<
    Enrolment,
    'order_id' | 'plan_id' | 'source' | 'installments_paid' | 'installments_total'
  >,
  pauseAt: Date | null,
): Promise<{ installment: string; amount?: string; pausesOn?: string; payBy?: 'transfer' }> {
  const order = enrolment.order_id
    ? await trx
        .selectFrom('orders')
        .select(['amount', 'currency'])
        .where('id', '=', enrolment.order_id)
        .executeTakeFirst()
    : undefined;
  const plan = findPlan(enrolment.plan_id);
  const byTransfer = enrolment.source === 'bank-transfer';
  const amount = order
    ? formatMinorUnits(order.amount, order.currency)
    : byTransfer && plan
      ? formatMinorUnits(planPrice(plan, 'NGN'), 'NGN')
      : undefined;
  return {
    installment: `${Math.min(enrolment.installments_paid + 1, enrolment.installments_total)} of ${enrolment.installments_total}`,
    ...(amount && { amount }),
    ...(pauseAt && { pausesOn: formatDayUtc(pauseAt.toISOString(), 'long') }),
    ...(byTransfer && { payBy: 'transfer' as const }),
  };
}

/** An enrolment read again under its buyer's row lock, in a sweep's own transaction. */
async function lockedEnrolment(trx: Kysely<Database>, candidate: { id: string; user_id: string }) {
  await lockUserRow(trx, candidate.user_id);
  return trx.selectFrom('enrolments').selectAll().where('id', '=', candidate.id).executeTakeFirst();
}

export interface SweepResult {
  reminded: number;
  paused: number;
  /** Whose access changed: open admin pages should refresh. */
  userIds: string[];
}

/**
 * One pass over the overdue enrolments: the 3- and 7-day reminders that are due, and the
 * pause of those whose grace period ended. Every instance runs it (`server/overdue-sweep.ts`);
 * each enrolment is decided in a transaction of its own under its buyer's row lock, read
 * again there, and every e-mail has an idempotency key of the overdue spell (its missing
 * installment, its pause day): two passes at once send each message once and pause once. `now` is the clock, given by tests.
 */
export async function sweepOverdue(
  db: Kysely<Database>,
  options: { now: Date; graceDays: number },
): Promise<SweepResult> {
  const result: SweepResult = { reminded: 0, paused: 0, userIds: [] };
  await markTransferInstallmentsOverdue(db, options);
  const candidates = await db
    .selectFrom('enrolments')
    .select(['id', 'user_id'])
    .where('status', '=', 'overdue')
    .where('overdue_since', 'is not', null)
    .where('paused_at', 'is', null)
    .execute();
  for (const candidate of candidates) {
    const outcome = await db.transaction().execute(async (trx) => {
      const enrolment = await lockedEnrolment(trx, candidate);
      if (enrolment?.status !== 'overdue' || !enrolment.overdue_since || enrolment.paused_at) {
        return undefined;
      }
      return decide(trx, enrolment, enrolment.overdue_since, options);
    });
    if (outcome === 'reminded') result.reminded += 1;
    if (outcome === 'paused') {
      result.paused += 1;
      result.userIds.push(candidate.user_id);
    }
  }
  return result;
}

/**
 * The day a transfer plan's next installment falls due, or null when it is paid in full:
 * a month apart from the first approval, which opened the enrolment (decision 074).
 */
function nextTransferDueOn(
  enrolment: Pick<Enrolment, 'created_at' | 'installments_paid' | 'installments_total'>,
): Date | null {
  if (enrolment.installments_paid >= enrolment.installments_total) return null;
  return new Date(installmentDueOn(enrolment.created_at, enrolment.installments_paid));
}

/**
 * A bank-transfer plan has no provider to report a missed installment: the sweep turns an
 * active one overdue once its next installment's due day has passed, overdue since that day,
 * and tells the student at once as a card's failure does (decision 074). The reminders and
 * the pause then follow as for a card plan.
 */
async function markTransferInstallmentsOverdue(
  db: Kysely<Database>,
  { now, graceDays }: { now: Date; graceDays: number },
): Promise<void> {
  const open = await db
    .selectFrom('enrolments')
    .select(['id', 'user_id', 'created_at', 'installments_paid', 'installments_total'])
    .where('source', '=', 'bank-transfer')
    .where('status', '=', 'active')
    .whereRef('installments_paid', '<', 'installments_total')
    .execute();
  for (const candidate of open) {
    const due = nextTransferDueOn(candidate);
    if (!due || due > now) continue;
    await db.transaction().execute(async (trx) => {
      const enrolment = await lockedEnrolment(trx, candidate);
      const since = enrolment?.status === 'active' ? nextTransferDueOn(enrolment) : null;
      if (!enrolment || !since || since > now) return;
      await markOverdue(trx, enrolment, {
        since,
        now,
        graceDays,
        emailKey: `installment-failed:${enrolment.id}:${enrolment.installments_paid + 1}`,
      });
    });
  }
}

async function decide(
  trx: Kysely<Database>,
  enrolment: Enrolment,
  since: string,
  { now, graceDays }: { now: Date; graceDays: number },
): Promise<'reminded' | 'paused' | undefined> {
  const pauseAt = pauseDueAt(enrolment, graceDays);
  if (pauseAt && now >= pauseAt) {
    await trx
      .updateTable('enrolments')
      .set({ paused_at: nowTimestamp(now), updated_at: nowTimestamp(now) })
      .where('id', '=', enrolment.id)
      .execute();
    // Never lowers an admin, a grant an admin gave, or someone another enrolment covers.
    const access = await reconcileAccess(trx, enrolment.user_id, OVERDUE_CAUSE, now);
    if (access === 'none') {
      const facts = await overdueEmailFacts(trx, enrolment, pauseAt);
      await enqueueEmailToUser(
        trx,
        enrolment.user_id,
        {
          // Per pause day: an extension that runs out pauses (and tells) again.
          key: `access-paused:${enrolment.id}:${pauseAt.toISOString()}`,
          template: 'access-paused',
          payload: (user) => ({
            name: user.name,
            planName: planName(enrolment.plan_id),
            ...facts,
          }),
        },
        now,
      );
    }
    return 'paused';
  }
  const daysOverdue = Math.floor((now.getTime() - Date.parse(since)) / DAY_MS);
  // The latest reminder due: a server that was down for a week sends one, not two.
  const day = REMINDER_DAYS.filter((reminder) => reminder <= daysOverdue).at(-1);
  if (!day) return undefined;
  const facts = await overdueEmailFacts(trx, enrolment, pauseAt);
  const queued = await enqueueEmailToUser(
    trx,
    enrolment.user_id,
    {
      // The missing installment names the spell: a waived or paid one is followed by the next.
      key: `installment-reminder:${enrolment.id}:${enrolment.installments_paid + 1}:${day}`,
      template: 'installment-reminder',
      payload: (user) => ({
        name: user.name,
        planName: planName(enrolment.plan_id),
        days: day,
        ...facts,
      }),
    },
    now,
  );
  return queued ? 'reminded' : undefined;
}

/**
 * The admin's Overdue view: the overdue enrolments, the longest overdue first, a page of the
 * user list's size at a time with their count (a page past the end is the last).
 */
export async function listOverdue(
  db: Kysely<Database>,
  { now, graceDays, page: requestedPage = 1 }: { now: Date; graceDays: number; page?: number },
): Promise<OverduePage> {
  const overdue = db
    .selectFrom('enrolments')
    .where('enrolments.status', '=', 'overdue')
    .where('enrolments.overdue_since', 'is not', null);
  const total = await countRows(overdue);
  const { page, pageCount, offset } = pageOf(total, requestedPage, LIST_PAGE_SIZE);
  const rows = await overdue
    .innerJoin('users', 'users.id', 'enrolments.user_id')
    .leftJoin('orders', 'orders.id', 'enrolments.order_id')
    .select([
      'enrolments.id',
      'enrolments.user_id',
      'enrolments.plan_id',
      'enrolments.installments_paid',
      'enrolments.installments_total',
      'enrolments.overdue_since',
      'enrolments.pause_due_at',
      'enrolments.paused_at',
      'users.name',
      'users.email',
      'users.access',
      'orders.provider',
    ])
    .orderBy('enrolments.overdue_since')
    .orderBy('enrolments.id')
    .limit(LIST_PAGE_SIZE)
    .offset(offset)
    .execute();
  // A paused student who still reads the course holds an admin's grant given during the pause.
  const grants = await Promise.all(
    rows.map((row) =>
      row.paused_at && row.access === 'level-1'
        ? grantDuringPause(db, row.user_id, row.paused_at)
        : undefined,
    ),
  );
  const shown = rows.map((row, index): OverdueRow => {
    const since = row.overdue_since!;
    const pauseAt = pauseDueAt(row, graceDays);
    return {
      enrolmentId: row.id,
      userId: row.user_id,
      name: row.name,
      email: row.email,
      planName: planName(row.plan_id),
      provider: row.provider ?? 'transfer',
      installment: Math.min(row.installments_paid + 1, row.installments_total),
      installments: row.installments_total,
      overdueSince: since,
      daysOverdue: Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / DAY_MS)),
      pauseOn: row.paused_at ?? (pauseAt ? pauseAt.toISOString() : null),
      paused: row.paused_at !== null,
      keptOpenBy: grants[index] ?? null,
    };
  });
  return { rows: shown, total, page, pageCount };
}

/**
 * Why an admin's change to an overdue enrolment is refused (decision 079): it is no longer
 * overdue, or access never pauses (`OVERDUE_GRACE_DAYS` is 0), so there is no grace to extend.
 */
export type OverdueChangeRefusal = Refusal<'notOverdue' | 'noGracePeriod'>;

/** The overdue enrolment an admin acts on, read under its buyer's lock; undefined if it is not. */
async function lockedOverdue(
  trx: Kysely<Database>,
  enrolmentId: string,
): Promise<Enrolment | undefined> {
  const found = await trx
    .selectFrom('enrolments')
    .select('user_id')
    .where('id', '=', enrolmentId)
    .executeTakeFirst();
  if (found) await lockUserRow(trx, found.user_id);
  const enrolment = await trx
    .selectFrom('enrolments')
    .selectAll()
    .where('id', '=', enrolmentId)
    .executeTakeFirst();
  return enrolment?.status === 'overdue' && enrolment.overdue_since ? enrolment : undefined;
}

/**
 * An admin's change to an overdue enrolment, and its line in the enrolment's history with
 * the admin's reason, in the caller's transaction.
 */
async function applyAdminChange(
  trx: Kysely<Database>,
  enrolment: Enrolment,
  change: {
    set: Updateable<EnrolmentsTable>;
    action: 'grace-extended' | 'installment-waived';
    admin: OverdueAdmin;
    reason: string;
    detail: string;
    now: Date;
  },
) {
  const at = nowTimestamp(change.now);
  await trx
    .updateTable('enrolments')
    .set({ ...change.set, updated_at: at })
    .where('id', '=', enrolment.id)
    .execute();
  await trx
    .insertInto('enrolment_changes')
    .values({
      id: randomUUID(),
      enrolment_id: enrolment.id,
      user_id: enrolment.user_id,
      action: change.action,
      changed_by: change.admin.id,
      changed_by_name: change.admin.name,
      reason: change.reason,
      detail: change.detail,
      changed_at: at,
    })
    .execute();
}

/**
 * An admin gives one overdue enrolment `days` more before its access pauses, counted from
 * its pause day (or today, if that has passed). A paused enrolment holds its track again
 * until the new day. Audited with the admin's reason.
 */
export async function extendGrace(
  db: Kysely<Database>,
  options: {
    enrolmentId: string;
    days: number;
    reason: string;
    admin: OverdueAdmin;
    graceDays: number;
    now: Date;
  },
): Promise<Result<{ userId: string; pauseOn: Date; queuedEmail: boolean }, OverdueChangeRefusal>> {
  const { now } = options;
  return db.transaction().execute(async (trx) => {
    const enrolment = await lockedOverdue(trx, options.enrolmentId);
    if (!enrolment) return refusal('notOverdue');
    const due = pauseDueAt(enrolment, options.graceDays);
    if (!due) return refusal('noGracePeriod');
    const from = enrolment.paused_at || due < now ? now : due;
    const pauseOn = new Date(from.getTime() + options.days * DAY_MS);
    await applyAdminChange(trx, enrolment, {
      // A paused enrolment opens again; the sweep pauses it on the new day if still unpaid.
      set: { pause_due_at: nowTimestamp(pauseOn), paused_at: null },
      action: 'grace-extended',
      admin: options.admin,
      reason: options.reason,
      detail: `Pause moved to ${formatDayUtc(pauseOn.toISOString(), 'long')}`,
      now,
    });
    const queuedEmail = enrolment.paused_at
      ? await restoreAccess(trx, enrolment, byAdmin('grace extended', options.admin), now)
      : false;
    return { ok: true, userId: enrolment.user_id, pauseOn, queuedEmail };
  });
}

/**
 * An admin waives the missing installment: it counts as paid (no money recorded), the
 * enrolment is active again, and a paused one holds its track at once. Audited with the
 * admin's reason. The provider is not told: a later charge it makes for that installment
 * counts as the next one, or is flagged to refund once all are paid (decision 053).
 */
export async function waiveInstallment(
  db: Kysely<Database>,
  options: { enrolmentId: string; reason: string; admin: OverdueAdmin; now: Date },
): Promise<Result<{ userId: string; queuedEmail: boolean }, Refusal<'notOverdue'>>> {
  const { now } = options;
  return db.transaction().execute(async (trx) => {
    const enrolment = await lockedOverdue(trx, options.enrolmentId);
    if (!enrolment) return refusal('notOverdue');
    const installment = Math.min(enrolment.installments_paid + 1, enrolment.installments_total);
    await applyAdminChange(trx, enrolment, {
      set: { status: 'active', installments_paid: installment },
      action: 'installment-waived',
      admin: options.admin,
      reason: options.reason,
      detail: `Installment ${installment} of ${enrolment.installments_total} waived`,
      now,
    });
    const { restored } = await settleOverdue(
      trx,
      enrolment,
      byAdmin('installment waived', options.admin),
      now,
    );
    return { ok: true, userId: enrolment.user_id, queuedEmail: restored };
  });
}

/** An admin's extensions and waivers on the person's enrolments, for their history. */
export function enrolmentChangesOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('enrolment_changes')
    .select(['action', 'detail', 'reason', 'changed_by_name', 'changed_at'])
    .where('user_id', '=', userId)
    .orderBy('changed_at')
    .execute();
}

/** The plan whose paused installment keeps the person out, for their Permission Denied page. */
export async function pausedPlanOf(
  db: Kysely<Database>,
  userId: string,
): Promise<string | undefined> {
  const paused = await db
    .selectFrom('enrolments')
    .select('plan_id')
    .where('user_id', '=', userId)
    .where('status', '=', 'overdue')
    .where('paused_at', 'is not', null)
    .orderBy('paused_at', 'desc')
    .executeTakeFirst();
  return paused && planName(paused.plan_id);
}

/** The person's overdue installment plan and its order: what "Update your payment" opens. */
export async function overdueOrderOf(
  db: Kysely<Database>,
  userId: string,
): Promise<{ order: Order; manageRef: string | null } | undefined> {
  const overdue = await db
    .selectFrom('enrolments')
    .innerJoin('orders', 'orders.id', 'enrolments.order_id')
    .selectAll('orders')
    .select('enrolments.manage_ref')
    .where('enrolments.user_id', '=', userId)
    .where('enrolments.status', '=', 'overdue')
    .orderBy('enrolments.overdue_since')
    .executeTakeFirst();
  if (!overdue) return undefined;
  const { manage_ref: manageRef, ...order } = overdue;
  return { order, manageRef };
}
