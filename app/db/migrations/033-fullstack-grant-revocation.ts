import type { Kysely } from 'kysely';

/**
 * An admin's FullStack grant can be revoked (decision 063): the enrolment keeps when, who
 * (the admin's id beside their name, so an erasure matches the person by id) and why. The
 * enrolment turns `cancelled`, so it no longer holds the track.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds one column an ALTER TABLE.
  for (const column of ['revoked_at', 'revoked_by', 'revoked_by_name', 'revoke_reason']) {
    await db.schema.alterTable('enrolments').addColumn(column, 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['revoke_reason', 'revoked_by_name', 'revoked_by', 'revoked_at']) {
    await db.schema.alterTable('enrolments').dropColumn(column).execute();
  }
}
