import pino from 'pino';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database, User } from '~/db/schema';
import { onSignIn } from '~/features/auth/on-sign-in.server';
import { recordSignIn } from '~/features/auth/user-records.server';
import {
  issueCertificate,
  newCertificateId,
  publicCertificate,
  revokeCertificate,
} from '~/features/certificates/certificates.server';
import { startEmailWorker } from '~/features/email/email-worker.server';
import {
  createLocalMailboxTransport,
  type MailTransport,
  type OutgoingEmail,
} from '~/features/email/mail-transport.server';
import { findPlan } from '~/content/plans';
import { applyPaymentEvent } from '~/features/enrolment/payment-events.server';
import { createOrder } from '~/features/enrolment/orders.server';
import { grantFullstack } from '~/features/fullstack/fullstack-grants.server';
import { markAttendance } from '~/features/live-classes/attendance.server';
import { reviewSubmission, submitProject } from '~/features/projects/submissions.server';
import { openAttempt } from '~/features/quizzes/quiz-attempts.server';
import { submitTransfer } from '~/features/transfers/bank-transfers.server';
import { enqueueEmail } from '~/features/email/outbox.server';
import {
  insertApprovedProjects,
  insertEnrolment,
  insertPaidOrder,
  insertSession,
  insertStepCompletions,
  insertTransfer,
  insertUser,
} from '../../../tests/support/factories';
import { documentedChargeSuccess } from '../../../tests/support/fake-paystack';
import { useTestDatabase } from '../../../tests/support/test-database';
import { DELETED_ACCOUNT_NAME } from './account-data';
import {
  deleteAccount,
  DELETED_OWNER_COLUMNS,
  ERASED,
  keptOfProviderEvent,
  KEPT_OWNER_COLUMNS,
} from './account-deletion.server';
import { consumeExportAllowance } from './account-export.server';
import { accepted } from '../../../tests/support/accepted';

const database = useTestDatabase();
const at = '2026-11-20T10:00:00.000Z';
let serial = 0;

/** Every table of the database and its text columns, read from the engine's catalogue. */
async function textColumnsByTable(db: Kysely<Database>): Promise<Map<string, string[]>> {
  const columns = new Map<string, string[]>();
  if (database.engine === 'postgres') {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
    `.execute(db);
    for (const row of rows) {
      columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name]);
    }
    return columns;
  }
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table'
  `.execute(db);
  for (const { name } of tables) {
    const { rows } = await sql<{ name: string; type: string }>`
      select name, type from pragma_table_info(${name})
    `.execute(db);
    // A virtual table's (the FTS index's) columns have no declared type: text too.
    const text = rows.filter((column) => ['TEXT', ''].includes(column.type.toUpperCase()));
    if (text.length > 0)
      columns.set(
        name,
        text.map((column) => column.name),
      );
  }
  return columns;
}

/** `table.column` of every text value that holds `needle`, whatever its case. */
async function whereFound(db: Kysely<Database>, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const [table, columns] of await textColumnsByTable(db)) {
    for (const column of columns) {
      const { rows } = await sql<{ hits: number | string }>`
        select count(*) as hits from ${sql.table(table)}
        where lower(cast(${sql.ref(column)} as text)) like ${`%${needle.toLowerCase()}%`}
      `.execute(db);
      if (Number(rows[0]?.hits) > 0) found.push(`${table}.${column}`);
    }
  }
  return found.sort();
}

/** Every table and column whose foreign key points at users.id, from the catalogue. */
async function foreignKeysToUsers(db: Kysely<Database>): Promise<string[]> {
  if (database.engine === 'postgres') {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select kcu.table_name, kcu.column_name
      from information_schema.referential_constraints rc
      join information_schema.key_column_usage kcu
        on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
      join information_schema.constraint_column_usage ccu
        on ccu.constraint_name = rc.unique_constraint_name
        and ccu.constraint_schema = rc.unique_constraint_schema
      where rc.constraint_schema = current_schema() and ccu.table_name = 'users'
    `.execute(db);
    return rows.map((row) => `${row.table_name}.${row.column_name}`).sort();
  }
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table'
  `.execute(db);
  const found: string[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ table: string; from: string }>`
      select "table", "from" from pragma_foreign_key_list(${name})
    `.execute(db);
    for (const row of rows) if (row.table === 'users') found.push(`${name}.${row.from}`);
  }
  return found.sort();
}

/** A class of Cohort 1, for marks. */
async function classOfCohort1(db: Kysely<Database>, id: string) {
  await db
    .insertInto('live_sessions')
    .values({
      id,
      cohort_id: 'cohort-1',
      series_id: null,
      title: 'Flexbox',
      starts_at: at,
      duration_minutes: 60,
      join_url: 'https://meet.example.com/x',
      step: null,
      status: 'scheduled',
      recording_url: null,
      created_by: 'admin-1',
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/**
 * A person with everything the site can hold: a card payment whose raw event names them, a
 * bank transfer with its file, progress, a quiz attempt, projects (one reviewed), a
 * certificate, a live class attended, e-mails queued and delivered, an access history, and
 * acts of theirs on another student (a review, a change of access).
 */
async function personWithEverything(db: Kysely<Database>) {
  serial += 1;
  const name = `Zuzanna Quellwater${serial}`;
  const email = `zuzanna.q${serial}@example.org`;
  const tag = `t${serial}`;
  const person = await insertUser(db, { name, email, access: 'level-1', cohort: 'cohort-1' });
  const other = await insertUser(db, { access: 'level-1' });
  await insertSession(db, person.id);
  await insertPaidOrder(db, person.id, tag);
  await db
    .updateTable('payments')
    .set({
      raw_event: JSON.stringify({
        id: 'evt_1',
        type: 'checkout.session.completed',
        data: {
          object: {
            amount_total: 40000,
            currency: 'usd',
            customer_email: email,
            customer_details: { name, email, address: { line1: '1 Rose Lane' }, phone: '+2348' },
            customer: { first_name: 'Zuzanna', last_name: 'Quellwater', email },
          },
        },
      }),
    })
    .where('id', '=', `pay-${tag}`)
    .execute();
  await insertEnrolment(db, { id: `enr-${tag}`, userId: person.id, orderId: `ord-${tag}` });
  await insertTransfer(db, {
    id: `trf-${tag}`,
    userId: person.id,
    planId: 'fed-upfront',
    amount: 15_000_000,
    status: 'approved',
    createdAt: at,
  });
  await db
    .updateTable('receipts')
    .set({ bytes: Buffer.from(`Transfer by ${name}`) })
    .where('user_id', '=', person.id)
    .execute();
  await db
    .updateTable('bank_transfers')
    .set({ reference: `Tuition ${name}` })
    .where('user_id', '=', person.id)
    .execute();
  await insertStepCompletions(db, person.id, ['roadmap'], at);
  await db
    .insertInto('quiz_attempts')
    .values({
      id: `quiz-${tag}`,
      user_id: person.id,
      quiz_id: 'html-css',
      option_order: '{}',
      started_at: at,
      answers: '{"q1":["a"]}',
      submitted_at: at,
      correct: 1,
      total: 1,
    })
    .execute();
  for (const [revision, status] of [
    [1, 'changes-requested'],
    [2, 'waiting'],
  ] as const) {
    await db
      .insertInto('project_submissions')
      .values({
        id: `prj-${tag}-${revision}`,
        user_id: person.id,
        project_id: 'portfolio',
        revision,
        repository_url: `https://github.com/${email}/portfolio`,
        live_url: `https://${email}.example.net`,
        note: `Made by ${name}`,
        status,
        submitted_at: at,
      })
      .execute();
  }
  await db
    .insertInto('project_reviews')
    .values({
      id: `rev-${tag}`,
      submission_id: `prj-${tag}-1`,
      reviewer_id: other.id,
      reviewer_name: other.name,
      verdict: 'changes-requested',
      feedback: `Nearly there, ${name}`,
      reviewed_at: at,
    })
    .execute();
  // The person reviewed another student's project, and changed another's access.
  await insertApprovedProjects(db, other.id, { id: person.id, name }, 1);
  for (const [userId, by] of [
    [person.id, { id: 'admin-1', name: 'Ada Admin' }],
    [other.id, { id: person.id, name }],
  ] as const) {
    await db
      .insertInto('user_changes')
      .values({
        id: `chg-${tag}-${userId === person.id ? 'own' : 'other'}`,
        user_id: userId,
        changed_by: by.id,
        changed_by_name: by.name,
        changed_at: at,
        access_before: 'none',
        access_after: 'level-1',
        cohort_before: 'none',
        cohort_after: 'cohort-1',
        reason: null,
      })
      .execute();
  }
  const certificateId = newCertificateId();
  await db
    .insertInto('certificates')
    .values({
      id: certificateId,
      user_id: person.id,
      name,
      track: 'frontend',
      cohort_name: 'Cohort 1',
      issued_at: at,
      issued_by: 'admin-1',
      issued_by_name: 'Ada Admin',
      note: `Issued early for ${name}`,
      listed: 1,
      revoked_at: null,
      revoked_by_name: null,
      revoked_reason: null,
    })
    .execute();
  await classOfCohort1(db, `live-${tag}`);
  await db
    .insertInto('live_attendance')
    .values({
      session_id: `live-${tag}`,
      user_id: person.id,
      first_joined_at: at,
      mark: 'present',
      marked_by_name: 'Ada Admin',
      marked_at: at,
    })
    .execute();
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: person.id, token: `feed-${tag}`, created_at: at })
    .execute();
  await enqueueEmail(db, {
    key: `welcome:${person.id}`,
    template: 'welcome',
    payload: { name },
    to: { address: email, name },
    userId: person.id,
  });
  await db
    .insertInto('local_mailbox')
    .values({
      id: `mail-${tag}`,
      message_id: `<m-${tag}@example>`,
      sender: 'hello@academy.example',
      recipient: email,
      subject: `Welcome, ${name}`,
      html: `<p>Welcome, ${name}</p>`,
      text: `Welcome, ${name}`,
      raw: `To: ${name} <${email}>`,
      delivered_at: at,
    })
    .execute();
  await consumeExportAllowance(db, person.id);
  await db
    .insertInto('rate_limits')
    .values({ key: `checkout:${person.id}`, window_start: at, hits: 1 })
    .execute();
  return { person, other, name, email, certificateId, tag };
}

/** Runs the outbox worker once over what is due, through `transport`. */
async function deliverQueuedMail(db: Kysely<Database>, transport: MailTransport): Promise<void> {
  const worker = startEmailWorker({
    db,
    engine: database.engine,
    transport,
    from: { name: 'Frontier Dev Academy', address: 'hello@academy.example' },
    replyTo: 'hello@academy.example',
    origin: 'https://academy.example',
    logger: pino({ level: 'silent' }),
    pollMs: 60_000,
  });
  await worker.runOnce();
  await worker.stop();
}

/** Sends what the outbox holds through a transport that records it (no local mailbox). */
async function sendQueuedMail(db: Kysely<Database>): Promise<OutgoingEmail[]> {
  const sent: OutgoingEmail[] = [];
  await deliverQueuedMail(db, {
    kind: 'smtp',
    description: 'a test recorder',
    send: (email) => {
      sent.push(email);
      return Promise.resolve({ response: '250 ok' });
    },
    close: () => undefined,
  });
  return sent;
}

function userRow(db: Kysely<Database>, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

describe('deleteAccount', () => {
  it('leaves the name and the e-mail in no text column of any table, once the confirmation is sent', async () => {
    const { db } = database;
    const { person, name, email } = await personWithEverything(db);
    expect(await whereFound(db, email)).not.toEqual([]);
    expect(await whereFound(db, name)).not.toEqual([]);

    const outcome = await deleteAccount(db, { userId: person.id, typedEmail: email });
    expect(outcome).toMatchObject({ ok: true, address: email });

    // The confirmation waits in the outbox with its address, and nothing else holds either.
    expect(await whereFound(db, email)).toEqual(['email_outbox.recipient']);
    expect(await whereFound(db, name)).toEqual([]);
    const sent = await sendQueuedMail(db);
    expect(sent.map((message) => [message.to.address, message.subject])).toEqual([
      [email, 'Your Frontier Dev Academy account was deleted'],
    ]);
    expect(await whereFound(db, email)).toEqual([]);
    expect(await whereFound(db, name)).toEqual([]);
    expect(await whereFound(db, person.id)).toEqual([]);
  });

  it('keeps payments, orders, transfers and the audit trail on a placeholder, with their personal content erased', async () => {
    const { db } = database;
    const { person, other, email, certificateId, tag } = await personWithEverything(db);
    const outcome = await deleteAccount(db, {
      userId: person.id,
      typedEmail: ` ${email.toUpperCase()} `,
    });
    if (!outcome.ok) throw new Error(outcome.reason);
    const tombstoneId = outcome.tombstoneId;

    expect(await userRow(db, person.id)).toBeUndefined();
    const tombstone = await userRow(db, tombstoneId);
    expect(tombstone).toMatchObject({ name: DELETED_ACCOUNT_NAME, access: 'none', cohort: 'none' });
    expect(tombstone?.email).toMatch(/^deleted-[0-9a-f]{16}\.[0-9a-f]{32}@deleted\.invalid$/);

    const payment = await db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', `pay-${tag}`)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ user_id: tombstoneId, amount: 40_000, status: 'paid' });
    const event = JSON.parse(payment.raw_event) as {
      data: { object: Record<string, unknown> };
    };
    // Only what reconciliation reads is kept (decision 064).
    expect(event.data.object).toEqual({ amount_total: 40000, currency: 'usd', customer: {} });
    expect(
      await db.selectFrom('orders').select('user_id').where('id', '=', `ord-${tag}`).execute(),
    ).toEqual([{ user_id: tombstoneId }]);
    expect(
      await db
        .selectFrom('enrolments')
        .select(['user_id', 'status'])
        .where('order_id', '=', `ord-${tag}`)
        .execute(),
    ).toEqual([{ user_id: tombstoneId, status: 'cancelled' }]);
    const transfer = await db
      .selectFrom('bank_transfers')
      .innerJoin('receipts', 'receipts.id', 'bank_transfers.receipt_id')
      .select([
        'bank_transfers.user_id',
        'bank_transfers.amount',
        'bank_transfers.reference',
        'receipts.size',
      ])
      .where('bank_transfers.id', '=', `trf-${tag}`)
      .executeTakeFirstOrThrow();
    expect(transfer).toEqual({
      user_id: tombstoneId,
      amount: 15_000_000,
      reference: ERASED,
      size: 0,
    });

    // Progress, attempts, attendance, sessions and feeds are gone; submissions keep no links.
    for (const table of [
      'step_completions',
      'quiz_attempts',
      'live_attendance',
      'sessions',
      'calendar_feeds',
    ] as const) {
      const { rows } = await sql<{ n: number | string }>`
        select count(*) as n from ${sql.table(table)} where user_id in (${person.id}, ${tombstoneId})
      `.execute(db);
      expect([table, Number(rows[0]?.n)]).toEqual([table, 0]);
    }
    expect(
      await db
        .selectFrom('project_submissions')
        .select(['revision', 'repository_url', 'live_url', 'note', 'status'])
        .where('user_id', '=', tombstoneId)
        .execute(),
    ).toEqual([
      { revision: 1, repository_url: '', live_url: null, note: '', status: 'changes-requested' },
    ]);

    // The certificate says withdrawn, without the name.
    const certificate = await db
      .selectFrom('certificates')
      .selectAll()
      .where('id', '=', certificateId)
      .executeTakeFirstOrThrow();
    expect(certificate).toMatchObject({
      revoked_reason: 'withdrawn by the holder',
      listed: 0,
      note: null,
    });
    expect(publicCertificate(certificate, 'https://academy.example')).toMatchObject({
      status: 'revoked',
      withdrawn: true,
      name: null,
    });

    // The audit trail: the person's own history, with the deletion; and their act on another.
    expect(
      await db
        .selectFrom('user_changes')
        .select(['changed_by_name', 'access_before', 'access_after'])
        .where('user_id', '=', tombstoneId)
        .orderBy('changed_at')
        .execute(),
    ).toEqual([
      { changed_by_name: 'Ada Admin', access_before: 'none', access_after: 'level-1' },
      { changed_by_name: 'Deleted by its holder', access_before: 'level-1', access_after: 'none' },
    ]);
    expect(
      await db
        .selectFrom('user_changes')
        .select(['changed_by', 'changed_by_name'])
        .where('user_id', '=', other.id)
        .execute(),
    ).toEqual([{ changed_by: tombstoneId, changed_by_name: DELETED_ACCOUNT_NAME }]);
  });

  it('lets the same identity sign in again as a new account with access none', async () => {
    const { db } = database;
    const { person, name, email } = await personWithEverything(db);
    await deleteAccount(db, { userId: person.id, typedEmail: email });
    const { user, created } = await recordSignIn(
      db,
      { sub: person.id, email, name, emailVerified: true },
      [],
      onSignIn,
    );
    expect(created).toBe(true);
    expect(user).toMatchObject({ id: person.id, access: 'none', cohort: 'none', email });
    expect(
      await db.selectFrom('payments').select('id').where('user_id', '=', person.id).execute(),
    ).toEqual([]);
    // The welcome e-mail of the new account is queued: the old one's key was forgotten.
    expect(
      await db
        .selectFrom('email_outbox')
        .select('template')
        .where('user_id', '=', person.id)
        .execute(),
    ).toEqual([{ template: 'welcome' }]);
  });

  it('refuses a wrong e-mail and changes nothing', async () => {
    const { db } = database;
    const { person, email } = await personWithEverything(db);
    const before = await whereFound(db, email);
    expect(await deleteAccount(db, { userId: person.id, typedEmail: `x${email}` })).toEqual({
      ok: false,
      reason: 'wrong-email',
    });
    expect(await userRow(db, person.id)).toEqual(person);
    expect(await whereFound(db, email)).toEqual(before);
  });

  it('refuses the last admin, and lets an admin go while another is left', async () => {
    const { db } = database;
    await db
      .updateTable('users')
      .set({ access: 'level-1' })
      .where('access', '=', 'admin')
      .execute();
    const first = await insertUser(db, { access: 'admin', email: `first${serial}@example.org` });
    expect(await deleteAccount(db, { userId: first.id, typedEmail: first.email })).toEqual({
      ok: false,
      reason: 'last-admin',
    });
    expect(await userRow(db, first.id)).toEqual(first);

    const second = await insertUser(db, { access: 'admin' });
    expect(await deleteAccount(db, { userId: first.id, typedEmail: first.email })).toMatchObject({
      ok: true,
    });
    expect(await deleteAccount(db, { userId: second.id, typedEmail: second.email })).toEqual({
      ok: false,
      reason: 'last-admin',
    });
  });

  it('handles every foreign key to users: each table is kept on the placeholder or deleted', async () => {
    const handled = [...KEPT_OWNER_COLUMNS, ...DELETED_OWNER_COLUMNS]
      .map(([table, column]) => `${table}.${column}`)
      .sort();
    expect(await foreignKeysToUsers(database.db)).toEqual(handled);
  });
});

describe('deleteAccount and the acts of others (decision 064)', () => {
  it('matches them by id: a student renamed "Admin" leaves the real Admin’s grant, revocation and marks their name', async () => {
    const { db } = database;
    serial += 1;
    const admin = await insertUser(db, { name: 'Admin', access: 'admin' });
    await insertUser(db, { access: 'admin' });
    const other = await insertUser(db, { access: 'level-1', cohort: 'cohort-1' });
    const student = await insertUser(db, { access: 'level-1', cohort: 'cohort-1' });
    const actor = { id: admin.id, name: admin.name };
    await grantFullstack(db, { userId: other.id, admin: actor, reason: 'Scholarship' });
    const { certificate } = accepted(
      await issueCertificate(db, {
        userId: other.id,
        name: other.name,
        note: 'Issued before the last step',
        admin: actor,
      }),
    );
    await revokeCertificate(db, certificate.id, { reason: 'Issued in error', admin: actor });
    const sessionId = await classOfCohort1(db, `live-rename-${serial}`);
    await markAttendance(db, { sessionId, userId: other.id, mark: 'present' }, actor);
    // Each act's row: the id and the name of who acted (selected whole, so the names are
    // compared first).
    const actsOnOther = async () => {
      const grant = await db
        .selectFrom('enrolments')
        .selectAll()
        .where('user_id', '=', other.id)
        .where('source', '=', 'admin')
        .executeTakeFirstOrThrow();
      const revocation = await db
        .selectFrom('certificates')
        .selectAll()
        .where('id', '=', certificate.id)
        .executeTakeFirstOrThrow();
      const mark = await db
        .selectFrom('live_attendance')
        .selectAll()
        .where('user_id', '=', other.id)
        .executeTakeFirstOrThrow();
      return {
        names: [grant.granted_by_name, revocation.revoked_by_name, mark.marked_by_name],
        ids: [grant.granted_by, revocation.revoked_by, mark.marked_by],
      };
    };
    const byAdmin = { names: ['Admin', 'Admin', 'Admin'], ids: [admin.id, admin.id, admin.id] };
    expect((await actsOnOther()).names).toEqual(byAdmin.names);

    await db.updateTable('users').set({ name: 'Admin' }).where('id', '=', student.id).execute();
    expect(
      await deleteAccount(db, { userId: student.id, typedEmail: student.email }),
    ).toMatchObject({ ok: true });
    expect((await actsOnOther()).names).toEqual(byAdmin.names);
    expect(await actsOnOther()).toEqual(byAdmin);

    // The admin's own deletion names the placeholder, found by the id.
    const outcome = await deleteAccount(db, { userId: admin.id, typedEmail: admin.email });
    if (!outcome.ok) throw new Error(outcome.reason);
    const tombstone = outcome.tombstoneId;
    expect(await actsOnOther()).toEqual({
      names: [DELETED_ACCOUNT_NAME, DELETED_ACCOUNT_NAME, DELETED_ACCOUNT_NAME],
      ids: [tombstone, tombstone, tombstone],
    });
  });
});

describe('deleteAccount after every path that writes a name (decision 064)', () => {
  it('leaves the name and the e-mail nowhere, the admins’ e-mails and the local mailbox included', async () => {
    const { db } = database;
    serial += 1;
    const name = `Ottoline Vexgrove${serial}`;
    const email = `ottoline.vexgrove${serial}@example.org`;
    const person = await insertUser(db, { name, email, access: 'none', cohort: 'cohort-1' });
    const admin = await insertUser(db, { name: `Ada Admin${serial}`, access: 'admin' });
    await insertUser(db, { access: 'admin' });
    const actor = { id: admin.id, name: admin.name };

    // A bank transfer: its reference and file name them, and the admins are told.
    const transfer = await submitTransfer(db, {
      userId: person.id,
      plan: findPlan('fed-upfront')!,
      amountNaira: 1_000_000,
      transferDate: '2026-11-20',
      reference: `Tuition ${name}`,
      receipt: {
        bytes: Buffer.from(`%PDF-1.7\n${name}\n%%EOF`),
        type: 'application/pdf',
        fileName: `${name}.pdf`,
      },
    });
    expect(transfer.ok).toBe(true);
    // A card payment whose event is Paystack's, as documented, naming them everywhere.
    const order = await createOrder(db, {
      userId: person.id,
      plan: findPlan('fed-installments')!,
      provider: { name: 'local', currency: 'USD' },
    });
    await applyPaymentEvent(db, {
      provider: 'local',
      eventId: `evt-${order.id}`,
      type: 'payment.succeeded',
      orderId: order.id,
      raw: documentedChargeSuccess(name, email),
      kind: 'payment-succeeded',
      paymentId: `charge-${order.id}`,
      amount: order.amount,
      currency: order.currency,
    });
    await grantFullstack(db, { userId: person.id, admin: actor, reason: 'Scholarship' });
    const sessionId = await classOfCohort1(db, `live-paths-${serial}`);
    await markAttendance(db, { sessionId, userId: person.id, mark: 'present' }, actor);
    await openAttempt(db, person.id, 'html-css');
    const submitted = await submitProject(db, {
      userId: person.id,
      projectId: 'personal-profile-page',
      repositoryUrl: `https://github.com/ottoline-vexgrove${serial}/portfolio`,
      liveUrl: null,
      note: `Made by ${name}, ${email}`,
    });
    if (submitted.outcome !== 'submitted') throw new Error(submitted.outcome);
    await reviewSubmission(db, {
      submissionId: submitted.submission.id,
      reviewer: actor,
      verdict: 'changes-requested',
      feedback: `Nearly there, ${name}`,
    });
    await issueCertificate(db, {
      userId: person.id,
      name,
      note: `Issued early for ${name}`,
      admin: actor,
    });
    // Everything queued is delivered to the local mailbox, as without SMTP.
    await deliverQueuedMail(db, createLocalMailboxTransport(db));
    const adminsMail = await db
      .selectFrom('local_mailbox')
      .select('subject')
      .where('recipient', '=', admin.email)
      .execute();
    expect(adminsMail.map((message) => message.subject)).toContain(
      `Transfer to review: ${name}, ₦1,000,000`,
    );
    expect(await whereFound(db, name)).toEqual(
      expect.arrayContaining([
        'email_outbox.subject',
        'local_mailbox.subject',
        'local_mailbox.raw',
      ]),
    );

    const outcome = await deleteAccount(db, { userId: person.id, typedEmail: email });
    expect(outcome).toMatchObject({ ok: true });
    // The one exception docs/privacy.md names: the confirmation's own outbox row holds the
    // address until it is sent. Nothing is kept by law with a name or an address in it.
    expect(await whereFound(db, email)).toEqual(['email_outbox.recipient']);
    expect(await whereFound(db, name)).toEqual([]);
    // The admins' message is still on record, without the name.
    expect(
      await db
        .selectFrom('email_outbox')
        .select('subject')
        .where('template', '=', 'transfer-submitted')
        .where('recipient', '=', admin.email)
        .execute(),
    ).toEqual([{ subject: `Transfer to review: ${DELETED_ACCOUNT_NAME}, ₦1,000,000` }]);
    await sendQueuedMail(db);
    expect(await whereFound(db, email)).toEqual([]);
    expect(await whereFound(db, name)).toEqual([]);
  });
});

describe('keptOfProviderEvent', () => {
  it('keeps only what reconciliation reads of a documented Paystack charge, at any depth', () => {
    const raw = JSON.stringify(documentedChargeSuccess('Ada Obi', 'ada@example.com'));
    expect(JSON.parse(keptOfProviderEvent(raw))).toEqual({
      event: 'charge.success',
      data: {
        id: 302961,
        status: 'success',
        reference: 'ord-documented',
        amount: 15000000,
        paid_at: '2026-11-20T10:00:00.000Z',
        created_at: '2026-11-20T09:59:00.000Z',
        currency: 'NGN',
        metadata: { order_id: 'ord-documented' },
        customer: { id: 68324, customer_code: 'CUS_qo38as2hpsgk2r0' },
        plan: { plan_code: 'PLN_gx2wn530m0i3w3m' },
      },
    });
    expect(keptOfProviderEvent('not json ada@example.com')).toBe(JSON.stringify(ERASED));
  });
});
