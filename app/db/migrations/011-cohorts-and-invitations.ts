import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { createIndex, id, oneOf, optional, required } from './columns';

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
  await createIndex(db, 'users_cohort', 'users', ['cohort']);
  // Whether the identity provider verified the address at the last sign-in: only then may
  // an invitation to that address change the account.
  await db.schema
    .alterTable('users')
    .addColumn('email_verified', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('cohorts')
    .$call(id)
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .$call(optional('text', 'start_date'))
    .addColumn('schedule', 'text', (col) => col.notNull().defaultTo(''))
    .$call(optional('integer', 'capacity'))
    .$call(required('text', 'created_at', 'updated_at'))
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('cohorts' as never)
    .values({ id: 'cohort-1', name: 'Cohort 1', created_at: now, updated_at: now } as never)
    .execute();

  await db.schema
    .createTable('invitations')
    .$call(id)
    .$call(required('text', 'email'))
    .$call(oneOf('access', ['none', 'level-1']))
    .$call(required('text', 'cohort'))
    .$call(oneOf('status', ['pending', 'used', 'revoked']))
    .$call(required('text', 'invited_by', 'invited_by_name', 'created_at'))
    .addColumn('used_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .$call(optional('text', 'used_at', 'revoked_at'))
    .execute();
  // One pending invitation per address (lower-cased when stored).
  await createIndex(db, 'invitations_one_pending', 'invitations', ['email'], {
    unique: true,
    where: ['status', '=', 'pending'],
  });
  await createIndex(db, 'invitations_status_created_at', 'invitations', ['status', 'created_at']);
  await createIndex(db, 'invitations_used_by', 'invitations', ['used_by']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invitations').execute();
  await db.schema.dropTable('cohorts').execute();
  await db.schema.alterTable('users').dropColumn('email_verified').execute();
  await db.schema.dropIndex('users_cohort').execute();
}
