import type { Kysely } from 'kysely';

/**
 * A cohort can be archived: it keeps its members and its history but is no longer offered
 * in selects or announced as the next cohort. Null while the cohort is in use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cohorts').addColumn('archived_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cohorts').dropColumn('archived_at').execute();
}
