import { describe, expect, it } from 'vitest';
import { findPlan } from '~/content/plans';
import type { Access } from '~/db/schema';
import { renderEmail } from '~/features/email/email-renderer.server';
import { sweepOverdue } from '~/features/enrolment/overdue.server';
import { useTestDatabase } from '../../../tests/support/test-database';
import {
  admin,
  accessOf,
  grantOf,
  insertUser,
  outboxOf,
  payByTransfer,
} from '../../../tests/support/factories';
import {
  decideTransfer,
  PENDING_EXISTS,
  setTransferAlerts,
  submitTransfer,
} from './bank-transfers.server';
import { listTransfersOf } from './my-transfers.server';

const database = useTestDatabase();

const receipt = {
  bytes: Buffer.from('%PDF-1.7\n%%EOF'),
  type: 'application/pdf' as const,
  fileName: 'receipt.pdf',
};

async function student(access: Access = 'none') {
  const user = await insertUser(database.db, { access });
  const submission = {
    userId: user.id,
    plan: findPlan('fed-upfront')!,
    amountNaira: 600_000,
    transferDate: '2026-11-20',
    reference: `Transfer from ${user.name}`,
    receipt,
  };
  return { user, submission };
}

const transfersOf = (userId: string) =>
  database.db.selectFrom('bank_transfers').select('id').where('user_id', '=', userId).execute();
const emailsOf = async (userId: string) =>
  (await outboxOf(database.db, userId)).map((row) => row.template);

describe('submitting a bank transfer', () => {
  it('records it pending with its receipt, and queues the confirmation e-mail', async () => {
    const { user, submission } = await student();
    const result = await submitTransfer(database.db, submission);
    expect(result.ok).toBe(true);
    const transfer = await database.db
      .selectFrom('bank_transfers')
      .innerJoin('receipts', 'receipts.id', 'bank_transfers.receipt_id')
      .select(['status', 'amount', 'currency', 'transfer_date', 'content_type', 'bytes', 'size'])
      .where('bank_transfers.user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({
      status: 'pending',
      amount: 60_000_000,
      currency: 'NGN',
      transfer_date: '2026-11-20',
      content_type: 'application/pdf',
      size: receipt.bytes.length,
    });
    expect(Buffer.from(transfer.bytes).equals(receipt.bytes)).toBe(true);
    expect(await emailsOf(user.id)).toEqual(['transfer-received']);
  });

  it('refuses a second pending transfer from the same person, for any plan, even two at once', async () => {
    const { user, submission } = await student();
    const results = await Promise.all([
      submitTransfer(database.db, submission),
      submitTransfer(database.db, submission),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toEqual({ ok: false, error: PENDING_EXISTS });
    expect(await submitTransfer(database.db, submission)).toEqual({
      ok: false,
      error: PENDING_EXISTS,
    });
    // Another plan, even at the same moment, is a duplicate too: one pending transfer a person.
    const others = await Promise.all(
      ['fsd-upfront', 'fed-installments'].map((planId) =>
        submitTransfer(database.db, { ...submission, plan: findPlan(planId)! }),
      ),
    );
    expect(others).toEqual([
      { ok: false, error: PENDING_EXISTS },
      { ok: false, error: PENDING_EXISTS },
    ]);
    expect(await transfersOf(user.id)).toHaveLength(1);
  });

  it('two first transfers at once for two plans: one is recorded, the other refused', async () => {
    const { user, submission } = await student();
    const results = await Promise.all(
      ['fed-upfront', 'fsd-upfront'].map((planId) =>
        submitTransfer(database.db, { ...submission, plan: findPlan(planId)! }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await transfersOf(user.id)).toHaveLength(1);
  });
});

describe('deciding a bank transfer', () => {
  it('approval enrols, unlocks level-1 in the chosen cohort, audited as the admin, and e-mails', async () => {
    const { user, submission } = await student();
    const submitted = await submitTransfer(database.db, submission);
    if (!submitted.ok) throw new Error(submitted.error);
    const result = await decideTransfer(database.db, submitted.transferId, admin, {
      kind: 'approve',
      cohort: 'cohort-1',
    });
    expect(result).toMatchObject({
      outcome: 'decided',
      transfer: { status: 'approved', cohort: 'cohort-1', decided_by_name: 'Ada Admin' },
    });
    expect(await accessOf(database.db, user.id)).toEqual({ access: 'level-1', cohort: 'cohort-1' });
    expect(await grantOf(database.db, user.id)).toMatchObject({
      enrolment: {
        source: 'bank-transfer',
        status: 'active',
        track: 'frontend',
        plan_id: 'fed-upfront',
      },
      change: {
        changed_by: 'admin-1',
        changed_by_name: 'Ada Admin',
        access_before: 'none',
        access_after: 'level-1',
        cohort_after: 'cohort-1',
      },
    });
    // Queued in one transaction (the same instant): compared as a set.
    expect((await emailsOf(user.id)).sort()).toEqual([
      'cohort-placed',
      'transfer-approved',
      'transfer-received',
    ]);
    const placed = await database.db
      .selectFrom('email_outbox')
      .select(['subject', 'payload'])
      .where('user_id', '=', user.id)
      .where('template', '=', 'cohort-placed')
      .executeTakeFirstOrThrow();
    expect(placed.subject).toBe('Your cohort: Cohort 1');
  });

  it('rejection keeps access, tells the reason, and lets the student submit again', async () => {
    const { user, submission } = await student();
    const submitted = await submitTransfer(database.db, submission);
    if (!submitted.ok) throw new Error(submitted.error);
    const reason = 'No transfer with this reference reached our account.';
    const result = await decideTransfer(database.db, submitted.transferId, admin, {
      kind: 'reject',
      reason,
    });
    expect(result).toMatchObject({ outcome: 'decided', transfer: { status: 'rejected', reason } });
    expect(await accessOf(database.db, user.id)).toEqual({ access: 'none', cohort: 'none' });
    // The submission and the decision can fall in the same millisecond: compared as a set.
    expect((await emailsOf(user.id)).sort()).toEqual(['transfer-received', 'transfer-rejected']);
    const payload = await database.db
      .selectFrom('email_outbox')
      .select('payload')
      .where('user_id', '=', user.id)
      .where('template', '=', 'transfer-rejected')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(payload.payload)).toMatchObject({ reason });
    expect((await submitTransfer(database.db, submission)).ok).toBe(true);
  });

  it('a mismatched amount is approved only with a note, which the decision keeps', async () => {
    const { user, submission } = await student();
    const submitted = await submitTransfer(database.db, { ...submission, amountNaira: 60_000 });
    if (!submitted.ok) throw new Error(submitted.error);
    const approve = { kind: 'approve', cohort: 'cohort-1' } as const;
    expect(await decideTransfer(database.db, submitted.transferId, admin, approve)).toEqual({
      outcome: 'amount-unconfirmed',
      expected: 60_000_000,
    });
    expect(await accessOf(database.db, user.id)).toEqual({ access: 'none', cohort: 'none' });
    const note = 'The rest came in a second transfer on the 21st (GTB-221).';
    const result = await decideTransfer(database.db, submitted.transferId, admin, {
      ...approve,
      mismatchNote: note,
    });
    expect(result).toMatchObject({
      outcome: 'decided',
      transfer: {
        status: 'approved',
        amount: 6_000_000,
        decided_by_name: 'Ada Admin',
        reason: note,
      },
    });
    expect(await accessOf(database.db, user.id)).toEqual({ access: 'level-1', cohort: 'cohort-1' });
  });

  it('a matching amount needs no note, and a note given with it is not kept', async () => {
    const { submission } = await student();
    const submitted = await submitTransfer(database.db, submission);
    if (!submitted.ok) throw new Error(submitted.error);
    const result = await decideTransfer(database.db, submitted.transferId, admin, {
      kind: 'approve',
      cohort: 'cohort-1',
      mismatchNote: 'Not needed',
    });
    expect(result).toMatchObject({ outcome: 'decided', transfer: { reason: null } });
  });

  it('two admins at once: exactly one decision wins, the other finds it decided', async () => {
    const { user, submission } = await student();
    const submitted = await submitTransfer(database.db, submission);
    if (!submitted.ok) throw new Error(submitted.error);
    const results = await Promise.all([
      decideTransfer(database.db, submitted.transferId, admin, {
        kind: 'approve',
        cohort: 'cohort-1',
      }),
      decideTransfer(
        database.db,
        submitted.transferId,
        { id: 'admin-2', name: 'Bo' },
        { kind: 'reject', reason: 'No' },
      ),
    ]);
    expect(results.map((result) => result.outcome).sort()).toEqual(['already-decided', 'decided']);
    const enrolments = await database.db
      .selectFrom('enrolments')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    const approved = results.some(
      (result) => result.outcome === 'decided' && result.transfer.status === 'approved',
    );
    expect(enrolments).toHaveLength(approved ? 1 : 0);
    // The received e-mail, and the decision's (an approval also names the cohort).
    expect(await emailsOf(user.id)).toHaveLength(approved ? 3 : 2);
    expect(
      await decideTransfer(database.db, 'trf_unknown', admin, { kind: 'reject', reason: 'x' }),
    ).toEqual({
      outcome: 'not-found',
    });
  });

  it('never lowers an admin who submitted a transfer; the cohort is still set', async () => {
    const { user, submission } = await student('admin');
    const submitted = await submitTransfer(database.db, submission);
    if (!submitted.ok) throw new Error(submitted.error);
    await decideTransfer(database.db, submitted.transferId, admin, {
      kind: 'approve',
      cohort: 'cohort-1',
    });
    expect(await accessOf(database.db, user.id)).toEqual({ access: 'admin', cohort: 'cohort-1' });
  });
});

describe('telling the admins', () => {
  it('e-mails each admin who has not turned it off, once per transfer, and nobody else', async () => {
    const watching = await insertUser(database.db, { access: 'admin', name: 'Watching Admin' });
    const quiet = await insertUser(database.db, { access: 'admin', name: 'Quiet Admin' });
    await setTransferAlerts(database.db, quiet.id, false);
    // Only an admin's own choice: the same call for a student changes nothing.
    const { user, submission } = await student();
    await setTransferAlerts(database.db, user.id, false);
    const submitted = await submitTransfer(database.db, submission);
    expect(submitted.ok).toBe(true);
    const alerts = await database.db
      .selectFrom('email_outbox')
      .select(['user_id', 'subject', 'payload'])
      .where('template', '=', 'transfer-submitted')
      .where('payload', 'like', `%${submitted.ok ? submitted.transferId : 'none'}%`)
      .execute();
    const ids = alerts.map((alert) => alert.user_id);
    expect(ids).toContain(watching.id);
    expect(ids).not.toContain(quiet.id);
    expect(ids).not.toContain(user.id);
    expect(alerts.find((alert) => alert.user_id === watching.id)?.subject).toBe(
      `Transfer to review: ${user.name}, ₦600,000`,
    );
    const row = await database.db
      .selectFrom('users')
      .select('transfer_alerts')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.transfer_alerts).toBe(1);
  });
});

describe('the transfers of an installment plan (decision 074)', () => {
  const firstApproved = new Date('2026-10-14T10:00:00Z');
  const DAY = 24 * 60 * 60 * 1000;
  const approve = { kind: 'approve', cohort: 'cohort-1' } as const;

  const payInstallment = (userId: string, at: Date) => payByTransfer(database.db, userId, at);
  const enrolmentsOf = (userId: string) =>
    database.db.selectFrom('enrolments').selectAll().where('user_id', '=', userId).execute();

  it('the first opens the plan at 1 of 3, the next pays installment 2 and says so', async () => {
    const user = await insertUser(database.db, { access: 'none' });
    await payInstallment(user.id, firstApproved);
    expect(await enrolmentsOf(user.id)).toMatchObject([
      { installments_paid: 1, installments_total: 3, status: 'active', source: 'bank-transfer' },
    ]);
    const second = await payInstallment(user.id, new Date(firstApproved.getTime() + 30 * DAY));
    expect(second.result).toMatchObject({ outcome: 'decided' });
    expect(await enrolmentsOf(user.id)).toMatchObject([
      { installments_paid: 2, installments_total: 3, status: 'active' },
    ]);
    const approved = (await outboxOf(database.db, user.id)).find(
      (row) => row.idempotency_key === `transfer-approved:${second.transferId}`,
    );
    expect(approved?.subject).toBe('Installment 2 of 3 received');
    const email = await renderEmail(
      'transfer-approved',
      JSON.parse(approved!.payload) as never,
      'https://academy.example',
    );
    expect(email.text).toContain('Installment 2 of 3 received');
    // The student's own list says it too; the first approval stays "Your course is unlocked".
    expect(
      (await listTransfersOf(database.db, user.id)).map((row) => row.installmentReceived),
    ).toEqual(['Installment 2 of 3 received', null]);
    expect(await accessOf(database.db, user.id)).toEqual({ access: 'level-1', cohort: 'cohort-1' });
  });

  it('a transfer for a paused plan clears the overdue marks and gives access back, audited', async () => {
    const user = await insertUser(database.db, { access: 'none' });
    await payInstallment(user.id, firstApproved);
    // Installment 2 was due on 14 November; 14 days later access paused.
    const pausedAt = new Date('2026-11-28T10:00:00Z');
    await sweepOverdue(database.db, { now: pausedAt, graceDays: 14 });
    expect(await accessOf(database.db, user.id)).toMatchObject({ access: 'none' });
    await payInstallment(user.id, new Date(pausedAt.getTime() + DAY));
    expect(await enrolmentsOf(user.id)).toMatchObject([
      {
        installments_paid: 2,
        status: 'active',
        overdue_since: null,
        paused_at: null,
        pause_due_at: null,
      },
    ]);
    expect(await accessOf(database.db, user.id)).toMatchObject({ access: 'level-1' });
    const changes = await database.db
      .selectFrom('user_changes')
      .select(['changed_by', 'changed_by_name', 'access_after'])
      .where('user_id', '=', user.id)
      .orderBy('changed_at')
      .execute();
    expect(changes.at(-1)).toEqual({
      changed_by: 'payment',
      changed_by_name: 'Bank transfer: installment 2 of 3 approved by Ada Admin',
      access_after: 'level-1',
    });
    expect(await emailsOf(user.id)).toContain('access-restored');
  });

  it('a transfer for a plan already paid in full is not approved: no second enrolment', async () => {
    const { user, submission } = await student();
    const first = await submitTransfer(database.db, submission);
    if (!first.ok) throw new Error(first.error);
    await decideTransfer(database.db, first.transferId, admin, approve);
    // The same transfer reported again.
    const again = await submitTransfer(database.db, submission);
    if (!again.ok) throw new Error(again.error);
    expect(await decideTransfer(database.db, again.transferId, admin, approve)).toEqual({
      outcome: 'plan-paid',
    });
    expect(await enrolmentsOf(user.id)).toHaveLength(1);
    const transfer = await database.db
      .selectFrom('bank_transfers')
      .select('status')
      .where('id', '=', again.transferId)
      .executeTakeFirstOrThrow();
    expect(transfer.status).toBe('pending');
    // Rejecting it (a duplicate) is the admin's way out.
    expect(
      await decideTransfer(database.db, again.transferId, admin, {
        kind: 'reject',
        reason: 'Reported twice',
      }),
    ).toMatchObject({ outcome: 'decided' });
  });
});
