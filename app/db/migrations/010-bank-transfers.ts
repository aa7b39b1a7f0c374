import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { createIndex, createIndexes, id, oneOf, optional, ownedByUser, required } from './columns';

/**
 * Bank transfers a student reports with a receipt, and the receipts themselves (DESIGN §11):
 * in the database, so every instance on PostgreSQL serves them, never on a local disk.
 * One pending transfer per person and plan is a unique index over pending rows only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('receipts')
    .$call(id)
    .$call(ownedByUser)
    .$call(required('text', 'content_type', 'file_name'))
    .$call(required('integer', 'size'))
    .$call(required(sql.raw(bytes), 'bytes'))
    .$call(required('text', 'created_at'))
    .execute();

  await db.schema
    .createTable('bank_transfers')
    .$call(id)
    .$call(ownedByUser)
    .$call(required('text', 'plan_id'))
    .$call(required('integer', 'amount'))
    .$call(required('text', 'currency', 'transfer_date', 'reference'))
    .addColumn('receipt_id', 'text', (col) => col.notNull().references('receipts.id'))
    .$call(oneOf('status', ['pending', 'approved', 'rejected']))
    .$call(optional('text', 'reason', 'cohort', 'decided_by', 'decided_by_name', 'decided_at'))
    .$call(required('text', 'created_at'))
    .execute();
  await createIndex(db, 'bank_transfers_one_pending', 'bank_transfers', ['user_id', 'plan_id'], {
    unique: true,
    where: ['status', '=', 'pending'],
  });
  await createIndexes(db, 'bank_transfers', {
    bank_transfers_status_created_at: ['status', 'created_at'],
    bank_transfers_user_id: ['user_id', 'created_at'],
    // The admin queue: pending by age (above), then decided ones by when they were decided.
    bank_transfers_decided_at: ['decided_at', 'id'],
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bank_transfers').execute();
  await db.schema.dropTable('receipts').execute();
}
