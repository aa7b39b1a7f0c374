import type { Kysely } from 'kysely';

/**
 * Why an admin changed a person's access, in their own words: required when the change
 * takes away access a student paid for, shown in the person's history and sent
 * to them. Null for every earlier change and for changes that need no reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_changes').addColumn('reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_changes').dropColumn('reason').execute();
}
