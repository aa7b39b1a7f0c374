import { sql, type Kysely } from 'kysely';
import { createIndex, required } from './columns';

/**
 * The receipts the academy issues (decision 048): one number per paid payment and
 * per approved bank transfer, in one sequence for the academy. The number is the key, so
 * two receipts can never share one; a payment or transfer has at most one receipt. No
 * foreign key: a receipt is an accounting record, kept whatever happens to the account.
 * (The `receipts` table of migration 010 holds the files students upload with a transfer.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('issued_receipts')
    .addColumn('number', 'integer', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('payment', 'transfer')`))
    .$call(required('text', 'source_id', 'issued_at'))
    .execute();
  await createIndex(db, 'issued_receipts_source', 'issued_receipts', ['kind', 'source_id'], {
    unique: true,
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('issued_receipts').execute();
}
