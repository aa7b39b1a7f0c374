import type { Kysely } from 'kysely';

/**
 * An admin's choice to be e-mailed when a student submits a bank transfer: on (1) unless
 * they turn it off on /admin/transfers. Meaningless for anyone who is not an admin.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('transfer_alerts', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('transfer_alerts').execute();
}
