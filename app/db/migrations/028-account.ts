import type { Kysely } from 'kysely';

/**
 * The account page (decision 050). A session keeps the browser's user agent it
 * was started with, so the person can tell their devices apart; a display name the person
 * chose (`name_edited_at`) is no longer replaced by the provider's at the next sign-in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds one column an ALTER TABLE.
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('users').addColumn('name_edited_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('name_edited_at').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
}
