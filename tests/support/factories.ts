/**
 * Test data written straight to a database, the one way every test seeds rows: unit tests on
 * `createTestDatabase()`'s handle, integration tests and the benchmarks on the server's
 * database, the end-to-end fixtures on the e2e database. Each factory takes the Kysely
 * instance (or a transaction), fills what a test does not care about, and returns the row.
 */
import type { Insertable, Kysely } from 'kysely';
import {
  nowTimestamp,
  type BankTransferStatus,
  type Cohort,
  type Database,
  type EnrolmentSource,
  type EnrolmentStatus,
  type OrderStatus,
  type PaymentProviderName,
  type PaymentStatus,
  type Timestamp,
  type Track,
  type User,
  type UsersTable,
} from '~/db/schema';
import { FRONTEND_PROJECTS, type Project } from '~/content/projects';
import { findPlan } from '~/content/plans';
import { createOrder } from '~/features/enrolment/orders.server';
import { applyPaymentEvent } from '~/features/enrolment/payment-events.server';
import { startSession } from '~/features/auth/session.server';
import { createCohort } from '~/features/cohorts/cohorts.server';
import { decideTransfer, submitTransfer } from '~/features/transfers/bank-transfers.server';
import type { NewDiscountCode } from '~/features/discounts/discounts.server';
import { accepted } from './accepted';

let counter = 0;

/**
 * The admin a test's commands are done by. Commands take who acts as a name and id to record,
 * not as a row, so no user is written for it.
 */
export const admin = { id: 'admin-1', name: 'Ada Admin' };

/**
 * Many whole user rows at once (a test that needs thousands), 500 a statement so that no
 * engine's limit on bound values is reached.
 */
export async function insertUsers(db: Kysely<Database>, users: Insertable<UsersTable>[]) {
  for (let start = 0; start < users.length; start += 500) {
    await db
      .insertInto('users')
      .values(users.slice(start, start + 500))
      .execute();
  }
}

/** A user with no access and no cohort unless told; created a second apart, in order. */
export async function insertUser(
  db: Kysely<Database>,
  fields: Partial<Insertable<UsersTable>> = {},
): Promise<User> {
  counter += 1;
  return db
    .insertInto('users')
    .values({
      id: `user-${counter}-${Math.random().toString(36).slice(2, 8)}`,
      name: `User ${counter}`,
      email: `user${counter}@example.com`,
      access: 'none',
      cohort: 'none',
      created_at: nowTimestamp(new Date(Date.UTC(2026, 0, 1) + counter * 1000)),
      ...fields,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Students of a cohort with course access, one a first name, each at
 * `<name in lower case>@example.com` so that a test reads their mail by address; `fields` go
 * on every one. Returns them in the order of `names`.
 */
export async function insertCohortStudents<const Names extends readonly string[]>(
  db: Kysely<Database>,
  cohortId: string,
  names: Names,
  fields: Partial<Insertable<UsersTable>> = {},
): Promise<{ [Index in keyof Names]: User }> {
  const students = await Promise.all(
    names.map((name) =>
      insertUser(db, {
        name,
        email: `${name.toLowerCase()}@example.com`,
        access: 'level-1',
        cohort: cohortId,
        ...fields,
      }),
    ),
  );
  return students as { [Index in keyof Names]: User };
}

/**
 * A session of a day for the user, started by the product's own code (its id stored only as
 * its hash): returns the cookie a browser would send, `session=…`.
 */
export async function insertSession(db: Kysely<Database>, userId: string): Promise<string> {
  const setCookie = await startSession(db, userId, null, {
    secure: false,
    idleDays: 1,
    maxDays: 1,
  });
  return setCookie.split(';')[0]!;
}

/** An order in US dollars for the upfront FrontEnd plan, pending unless told. */
export async function insertOrder(
  db: Kysely<Database>,
  fields: {
    id: string;
    userId: string;
    planId?: string;
    track?: Track;
    /** Per payment, in minor units. */
    amount?: number;
    currency?: string;
    installments?: number;
    provider?: PaymentProviderName;
    status?: OrderStatus;
    createdAt?: Timestamp;
    updatedAt?: Timestamp;
  },
) {
  const createdAt = fields.createdAt ?? nowTimestamp();
  return db
    .insertInto('orders')
    .values({
      id: fields.id,
      user_id: fields.userId,
      plan_id: fields.planId ?? 'fed-upfront',
      track: fields.track ?? 'frontend',
      amount: fields.amount ?? 40_000,
      currency: fields.currency ?? 'USD',
      installments: fields.installments ?? 1,
      provider: fields.provider ?? 'local',
      provider_ref: null,
      subscription_ref: null,
      status: fields.status ?? 'pending',
      created_at: createdAt,
      updated_at: fields.updatedAt ?? createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A payment of an order, paid unless told; a refunded one is refunded in full unless told, as
 * its event leaves it.
 */
export async function insertPayment(
  db: Kysely<Database>,
  fields: {
    id: string;
    orderId: string;
    userId: string;
    providerPaymentId?: string;
    provider?: PaymentProviderName;
    /** In minor units. */
    amount?: number;
    currency?: string;
    status?: PaymentStatus;
    createdAt?: Timestamp;
    /** Refunded so far in minor units, for a partial refund. */
    refundedAmount?: number;
  },
) {
  const status = fields.status ?? 'paid';
  const amount = fields.amount ?? 40_000;
  const createdAt = fields.createdAt ?? nowTimestamp();
  return db
    .insertInto('payments')
    .values({
      id: fields.id,
      order_id: fields.orderId,
      user_id: fields.userId,
      provider: fields.provider ?? 'local',
      provider_payment_id: fields.providerPaymentId ?? `charge-${fields.id}`,
      amount,
      currency: fields.currency ?? 'USD',
      status,
      raw_event: '{}',
      created_at: createdAt,
      refunded_at: status === 'refunded' ? createdAt : null,
      refunded_amount: fields.refundedAmount ?? (status === 'refunded' ? amount : 0),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A paid order of the upfront FrontEnd plan and its one payment, `ord-<tag>` and `pay-<tag>`:
 * what a person who bought the course has, for tests that only need them to be there.
 */
export async function insertPaidOrder(db: Kysely<Database>, userId: string, tag: string) {
  await insertOrder(db, { id: `ord-${tag}`, userId, status: 'paid' });
  return insertPayment(db, { id: `pay-${tag}`, orderId: `ord-${tag}`, userId });
}

/**
 * A purchase of `planId` as the local provider's verified webhook leaves it, through the
 * product's own `createOrder` and `applyPaymentEvent`: the order, its first payment, the
 * receipt number, the enrolment and the access. For tests that start from a paying student;
 * the purchase through the UI has its own journeys. Returns the order.
 */
export async function payThroughVerifiedWebhook(
  db: Kysely<Database>,
  userId: string,
  planId = 'fed-upfront',
) {
  const plan = findPlan(planId);
  if (!plan) throw new Error(`No plan ${planId}`);
  const order = await createOrder(db, {
    userId,
    plan,
    provider: { name: 'local', currency: 'USD' },
  });
  const applied = await applyPaymentEvent(db, {
    provider: 'local',
    eventId: `evt-${order.id}`,
    type: 'payment.succeeded',
    orderId: order.id,
    raw: {},
    kind: 'payment-succeeded',
    paymentId: `charge-${order.id}`,
    amount: order.amount,
    currency: order.currency,
  });
  if (applied.outcome !== 'applied')
    throw new Error(`The payment was not applied: ${applied.outcome}`);
  return order;
}

/**
 * A bank transfer of one installment of `planId` (its naira amount, decision 038) reported
 * by the student at `at` with a PDF receipt, through the product's `submitTransfer`, as the
 * form does. Returns the transfer's id.
 */
export async function reportTransfer(
  db: Kysely<Database>,
  userId: string,
  at: Date,
  planId = 'fed-installments',
): Promise<string> {
  const plan = findPlan(planId);
  if (!plan) throw new Error(`No plan ${planId}`);
  const submitted = await submitTransfer(
    db,
    {
      userId,
      plan,
      amountNaira: plan.amountNaira,
      transferDate: at.toISOString().slice(0, 10),
      reference: `Transfer of ${userId}`,
      receipt: {
        bytes: Buffer.from('%PDF-1.7\n%%EOF'),
        type: 'application/pdf',
        fileName: 'r.pdf',
      },
    },
    at,
  );
  if (!submitted.ok) throw new Error(submitted.error);
  return submitted.transferId;
}

/**
 * One installment of `planId` paid by bank transfer: reported and approved by `by` at `at`
 * into cohort-1 (`decideTransfer`). The first opens the plan's enrolment, a later one pays
 * its next installment (decision 074). Returns the transfer's id and the decision.
 */
export async function payByTransfer(
  db: Kysely<Database>,
  userId: string,
  at: Date,
  { planId, by = admin }: { planId?: string; by?: { id: string; name: string } } = {},
) {
  const transferId = await reportTransfer(db, userId, at, planId);
  const result = await decideTransfer(
    db,
    transferId,
    by,
    { kind: 'approve', cohort: 'cohort-1' },
    at,
  );
  return { transferId, result };
}

/** Steps a user marked complete, all at one moment (now unless told). */
export async function insertStepCompletions(
  db: Kysely<Database>,
  userId: string,
  steps: readonly string[],
  completedAt: Timestamp = nowTimestamp(),
): Promise<void> {
  await db
    .insertInto('step_completions')
    .values(steps.map((step) => ({ user_id: userId, step, completed_at: completedAt })))
    .execute();
}

/**
 * An enrolment, by default what a verified card payment of the upfront FrontEnd plan leaves:
 * active, paid in full.
 */
export async function insertEnrolment(
  db: Kysely<Database>,
  fields: {
    userId: string;
    orderId: string | null;
    id?: string;
    track?: Track;
    planId?: string;
    status?: EnrolmentStatus;
    installmentsPaid?: number;
    installmentsTotal?: number;
    source?: EnrolmentSource;
    at?: Timestamp;
  },
): Promise<void> {
  const at = fields.at ?? nowTimestamp();
  await db
    .insertInto('enrolments')
    .values({
      id: fields.id ?? `enr-${fields.userId}`,
      user_id: fields.userId,
      order_id: fields.orderId,
      track: fields.track ?? 'frontend',
      plan_id: fields.planId ?? 'fed-upfront',
      status: fields.status ?? 'active',
      installments_paid: fields.installmentsPaid ?? 1,
      installments_total: fields.installmentsTotal ?? 1,
      source: fields.source ?? 'payment',
      created_at: at,
      updated_at: at,
    })
    .execute();
}

/**
 * A bank transfer in naira with its receipt, as the student's report and (unless pending)
 * the admin's decision leave it.
 */
export async function insertTransfer(
  db: Kysely<Database>,
  transfer: {
    id: string;
    userId: string;
    planId: string;
    /** In kobo. */
    amount: number;
    status: BankTransferStatus;
    createdAt: Timestamp;
  },
): Promise<void> {
  const { id, userId, status, createdAt } = transfer;
  await db
    .insertInto('receipts')
    .values({
      id: `rcp-${id}`,
      user_id: userId,
      content_type: 'image/png',
      file_name: 'receipt.png',
      size: 1,
      bytes: Buffer.from([0]),
      created_at: createdAt,
    })
    .execute();
  await db
    .insertInto('bank_transfers')
    .values({
      id,
      user_id: userId,
      plan_id: transfer.planId,
      amount: transfer.amount,
      currency: 'NGN',
      transfer_date: createdAt.slice(0, 10),
      reference: `ref ${id}`,
      receipt_id: `rcp-${id}`,
      status,
      reason: status === 'rejected' ? 'No such transfer' : null,
      cohort: status === 'approved' ? 'cohort-1' : null,
      decided_by: null,
      decided_by_name: null,
      decided_at: status === 'pending' ? null : createdAt,
      created_at: createdAt,
    })
    .execute();
}

/** A cohort an admin set up, with no capacity. */
export async function insertCohort(
  db: Kysely<Database>,
  fields: { id: Cohort; name: string; startDate: string | null; schedule?: string },
) {
  const now = nowTimestamp();
  return db
    .insertInto('cohorts')
    .values({
      id: fields.id,
      name: fields.name,
      start_date: fields.startDate,
      schedule: fields.schedule ?? '',
      capacity: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A cohort of the test's own, made as the admin page makes it (its id from its name), named
 * `<prefix> <n>`: no start date, schedule or capacity.
 */
export async function newCohort(db: Kysely<Database>, prefix: string) {
  counter += 1;
  const made = await createCohort(db, {
    name: `${prefix} ${counter}`,
    startDate: null,
    schedule: '',
    capacity: null,
  });
  return accepted(made).cohort;
}

/** A user's access and cohort as stored now, for tests that check what a change left. */
export function accessOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('users')
    .select(['access', 'cohort'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/**
 * What a grant of access left for a user: their enrolment and the audited change of their
 * access (the first row of each, `undefined` where there is none), for tests of the commands
 * that grant it (a verified payment, an approved transfer).
 */
export async function grantOf(db: Kysely<Database>, userId: string) {
  const [enrolment] = await db
    .selectFrom('enrolments')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  const [change] = await db
    .selectFrom('user_changes')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  return { enrolment, change };
}

/** A user's queued e-mails, oldest first (ties by id: the same order each time). */
export function outboxOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('email_outbox')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * The first `count` projects of `catalogue` (the FrontEnd one unless told) handed in once and approved by `reviewer`,
 * written straight as rows (no review e-mails): for tests about what "N of 7 approved"
 * allows. The review flow itself is `submitProject` and `reviewSubmission`.
 */
export async function insertApprovedProjects(
  db: Kysely<Database>,
  userId: string,
  reviewer: { id: string; name: string },
  count: number = FRONTEND_PROJECTS.length,
  catalogue: readonly Project[] = FRONTEND_PROJECTS,
): Promise<void> {
  const at = nowTimestamp();
  for (const project of catalogue.slice(0, count)) {
    counter += 1;
    const id = `prj_test_${counter}_${Math.random().toString(36).slice(2, 8)}`;
    await db
      .insertInto('project_submissions')
      .values({
        id,
        user_id: userId,
        project_id: project.id,
        revision: 1,
        repository_url: `https://github.com/student/${project.id}`,
        live_url: null,
        status: 'approved',
        submitted_at: at,
        reviewed_at: at,
        reviewed_by: reviewer.id,
      })
      .execute();
    await db
      .insertInto('project_reviews')
      .values({
        id: `review_${id}`,
        submission_id: id,
        reviewer_id: reviewer.id,
        reviewer_name: reviewer.name,
        verdict: 'approved',
        reviewed_at: at,
      })
      .execute();
  }
}

/** A discount code's fields as the admin form gives them: 20 % off FrontEnd Upfront, one use. */
export function discountCodeFields(
  fields: Partial<NewDiscountCode> & { code: string },
): NewDiscountCode {
  return {
    percentOff: 20,
    amountOff: null,
    planIds: ['fed-upfront'],
    maxUses: 1,
    expiresOn: null,
    note: null,
    ...fields,
  };
}

/** The enrolment an order made (the test fails if there is none). */
export function enrolmentOfOrder(db: Kysely<Database>, orderId: string) {
  return db
    .selectFrom('enrolments')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
}
