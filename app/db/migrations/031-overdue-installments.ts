import type { Kysely } from 'kysely';
import { createIndex, id, oneOf, ownedByUser, required } from './columns';

/**
 * Installments that chase themselves (decision 053). An overdue enrolment keeps
 * when its installment failed (`overdue_since`: the reminders and the pause count from it),
 * the day an admin moved its pause to (`pause_due_at`, null: the grace period's end), when
 * its access was paused (`paused_at`), and the provider's handle for updating the card
 * (`manage_ref`: Stripe's customer, Paystack's subscription code). `enrolment_changes` is
 * the audit of an admin's extension or waiver, with their reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds one column an ALTER TABLE.
  for (const column of ['overdue_since', 'pause_due_at', 'paused_at', 'manage_ref']) {
    await db.schema.alterTable('enrolments').addColumn(column, 'text').execute();
  }
  // The sweep reads the overdue enrolments only.
  await createIndex(db, 'enrolments_overdue', 'enrolments', ['status', 'overdue_since']);
  await db.schema
    .createTable('enrolment_changes')
    .$call(id)
    .addColumn('enrolment_id', 'text', (col) =>
      col.notNull().references('enrolments.id').onDelete('cascade'),
    )
    .$call(ownedByUser)
    .$call(oneOf('action', ['grace-extended', 'installment-waived']))
    .$call(required('text', 'changed_by', 'changed_by_name', 'reason', 'detail', 'changed_at'))
    .execute();
  await createIndex(db, 'enrolment_changes_enrolment', 'enrolment_changes', [
    'enrolment_id',
    'changed_at',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('enrolment_changes').execute();
  await db.schema.dropIndex('enrolments_overdue').execute();
  for (const column of ['manage_ref', 'paused_at', 'pause_due_at', 'overdue_since']) {
    await db.schema.alterTable('enrolments').dropColumn(column).execute();
  }
}
