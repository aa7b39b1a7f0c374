import { sql, type Kysely } from 'kysely';

/**
 * The FullStack track (decision 047). An admin's grant is an enrolment of source
 * `admin` that names the admin and the reason (`granted_by_name`, `grant_reason`), so the
 * person's history says who opened the track and why. An invitation names its track: a
 * FullStack invitation enrols its person in the FullStack track when they sign in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds one column an ALTER TABLE.
  await db.schema.alterTable('enrolments').addColumn('granted_by_name', 'text').execute();
  await db.schema.alterTable('enrolments').addColumn('grant_reason', 'text').execute();
  await db.schema
    .alterTable('invitations')
    .addColumn('track', 'text', (col) =>
      col
        .notNull()
        .defaultTo('frontend')
        .check(sql`track in ('frontend', 'fullstack')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invitations').dropColumn('track').execute();
  await db.schema.alterTable('enrolments').dropColumn('grant_reason').execute();
  await db.schema.alterTable('enrolments').dropColumn('granted_by_name').execute();
}
