import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Bank transfers a student reports with a receipt, and the receipts themselves (DESIGN §11):
 * in the database, so every instance on PostgreSQL serves them, never on a local disk.
 * One pending transfer per person and plan is a unique index over pending rows only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('receipts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('bytes', sql.raw(bytes), (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('bank_transfers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('transfer_date', 'text', (col) => col.notNull())
    .addColumn('reference', 'text', (col) => col.notNull())
    .addColumn('receipt_id', 'text', (col) => col.notNull().references('receipts.id'))
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('pending', 'approved', 'rejected')`),
    )
    .addColumn('reason', 'text')
    .addColumn('cohort', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decided_by_name', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('bank_transfers_one_pending')
    .unique()
    .on('bank_transfers')
    .columns(['user_id', 'plan_id'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('bank_transfers_status_created_at')
    .on('bank_transfers')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('bank_transfers_user_id')
    .on('bank_transfers')
    .columns(['user_id', 'created_at'])
    .execute();
  // The admin queue: pending by age (above), then decided ones by when they were decided.
  await db.schema
    .createIndex('bank_transfers_decided_at')
    .on('bank_transfers')
    .columns(['decided_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bank_transfers').execute();
  await db.schema.dropTable('receipts').execute();
}
