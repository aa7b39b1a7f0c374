import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Cohorts become rows an admin creates (`cohort-1`, "Cohort 1", exists from the start, so
 * the specification's options stay true on a fresh install), and invitations let an admin
 * enrol an address before its first sign-in.
 *
 * `users.cohort` named the two cohorts of the specification in a CHECK constraint; it now
 * holds `none` or any cohort's id, checked by the application (a foreign key cannot hold
 * `none`). PostgreSQL drops the constraint. SQLite cannot drop a constraint, but it can
 * drop a column together with its own CHECK: the column is copied to a new one, dropped,
 * and the new one renamed, which keeps the table, its triggers and the rows that point at
 * it as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table users drop constraint if exists users_cohort_check`.execute(db);
  } else {
    await sql`alter table users add column cohort_unchecked text not null default 'none'`.execute(
      db,
    );
    await sql`update users set cohort_unchecked = cohort`.execute(db);
    await sql`alter table users drop column cohort`.execute(db);
    await sql`alter table users rename column cohort_unchecked to cohort`.execute(db);
  }
  await db.schema.createIndex('users_cohort').on('users').column('cohort').execute();
  // Whether the identity provider verified the address at the last sign-in: only then may
  // an invitation to that address change the account.
  await db.schema
    .alterTable('users')
    .addColumn('email_verified', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('cohorts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('start_date', 'text')
    .addColumn('schedule', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('capacity', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('cohorts' as never)
    .values({ id: 'cohort-1', name: 'Cohort 1', created_at: now, updated_at: now } as never)
    .execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('access', 'text', (col) => col.notNull().check(sql`access in ('none', 'level-1')`))
    .addColumn('cohort', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('pending', 'used', 'revoked')`),
    )
    .addColumn('invited_by', 'text', (col) => col.notNull())
    .addColumn('invited_by_name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('used_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  // One pending invitation per address (lower-cased when stored).
  await db.schema
    .createIndex('invitations_one_pending')
    .unique()
    .on('invitations')
    .column('email')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('invitations_status_created_at')
    .on('invitations')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.createIndex('invitations_used_by').on('invitations').column('used_by').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invitations').execute();
  await db.schema.dropTable('cohorts').execute();
  await db.schema.alterTable('users').dropColumn('email_verified').execute();
  await db.schema.dropIndex('users_cohort').execute();
}
