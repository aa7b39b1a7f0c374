import { sql, type Kysely } from 'kysely';

/**
 * How much of a charge has been refunded so far, in its minor units: a provider that sends
 * one event per refund (Paystack) can refund a charge in parts, and the charge counts as
 * refunded once the parts add up to it. A charge already refunded was refunded in full.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('refunded_amount', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update payments set refunded_amount = amount where status = 'refunded'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('refunded_amount').execute();
}
