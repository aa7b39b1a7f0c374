import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { createIndex, id, optional, required } from './columns';

/**
 * Discount codes and scholarships (decision 052). A code takes a percent or a fixed
 * number of US dollars off each payment of the plans it names; `uses` counts the orders that
 * hold it (taken when the order is made, given back when it is cancelled or expires unpaid),
 * so a limit is one conditional update. An order keeps the code it was made with and the
 * amount it took off each payment. A 100 % code enrols by itself: enrolment source
 * `scholarship`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('discount_codes')
    .$call(id)
    // Kept upper-case: codes are case-insensitive and unique.
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .$call(optional('integer', 'percent_off', 'amount_off'))
    // The plan ids it applies to, separated by commas.
    .$call(required('text', 'plan_ids'))
    .$call(optional('integer', 'max_uses'))
    .addColumn('uses', 'integer', (col) => col.notNull().defaultTo(0))
    .$call(optional('text', 'expires_at', 'note'))
    .$call(required('text', 'created_by', 'created_by_name', 'created_at'))
    .$call(optional('text', 'deactivated_at'))
    .execute();

  // SQLite adds one column an ALTER TABLE.
  await db.schema
    .alterTable('orders')
    .addColumn('discount_code_id', 'text', (col) => col.references('discount_codes.id'))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('discount_amount', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await createIndex(db, 'orders_discount_code_id', 'orders', ['discount_code_id']);

  await allowEnrolmentSources(db, [
    'payment',
    'bank-transfer',
    'invitation',
    'admin',
    'scholarship',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await allowEnrolmentSources(db, ['payment', 'bank-transfer', 'invitation', 'admin']);
  await db.schema.dropIndex('orders_discount_code_id').execute();
  await db.schema.alterTable('orders').dropColumn('discount_amount').execute();
  await db.schema.alterTable('orders').dropColumn('discount_code_id').execute();
  await db.schema.dropTable('discount_codes').execute();
}

/**
 * Replaces the CHECK on `enrolments.source`. PostgreSQL drops and adds the constraint;
 * SQLite cannot change a constraint, so the table is made again from its own definition
 * with the new list (no table references `enrolments`, so nothing else moves).
 */
async function allowEnrolmentSources(db: Kysely<unknown>, sources: string[]): Promise<void> {
  const names = sources.map((source) => `'${source}'`).join(', ');
  const listed = sql.raw(names);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table enrolments drop constraint enrolments_source_check`.execute(db);
    await sql`alter table enrolments add constraint enrolments_source_check check (source in (${listed}))`.execute(
      db,
    );
    return;
  }
  const objects = await sql<{ type: string; sql: string | null }>`
    select type, sql from sqlite_master where tbl_name = 'enrolments'`.execute(db);
  const table = objects.rows.find((row) => row.type === 'table')?.sql ?? '';
  const rebuilt = table
    .replace(/^create table "?enrolments"?/i, 'create table "enrolments_rebuilt"')
    .replace(/source in \([^)]*\)/, `source in (${names})`);
  await sql.raw(rebuilt).execute(db);
  await sql`insert into enrolments_rebuilt select * from enrolments`.execute(db);
  await sql`drop table enrolments`.execute(db);
  await sql`alter table enrolments_rebuilt rename to enrolments`.execute(db);
  // Its own indexes (the unique one on order_id comes with the table's definition).
  for (const index of objects.rows) {
    if (index.type === 'index' && index.sql) await sql.raw(index.sql).execute(db);
  }
}
