import { sql, type Kysely } from 'kysely';

/**
 * A mentor's choice of how they hear of projects handed in for review (decision 071): one
 * e-mail per project (`each`, the default) or one summary a day (`daily`). Meaningless for
 * anyone who mentors no cohort.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('review_emails', 'text', (col) =>
      col
        .notNull()
        .defaultTo('each')
        .check(sql`review_emails in ('each', 'daily')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('review_emails').execute();
}
