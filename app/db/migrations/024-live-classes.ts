import { sql, type Kysely } from 'kysely';

/**
 * Live classes (issue 27, DESIGN §13, decision 045).
 *
 * `live_sessions`: one class of a cohort, its start in UTC and its length; classes added
 * together as "repeat weekly" share a `series_id` but are each edited and cancelled on
 * their own. `sequence` is the iCalendar SEQUENCE: it goes up with every change a
 * calendar must apply, so an update replaces the event instead of adding another.
 *
 * `live_attendance`: one row per student and class once they joined (the join page records
 * the first join) or a mentor marked them by hand; `live_attendance_marks` audits each mark.
 *
 * `calendar_feeds`: a student's private feed. The token is kept as it is (not hashed): the
 * schedule page shows the subscribe link every time, and the feed it opens holds only the
 * cohort's class times and join pages, which ask for a sign-in themselves.
 * `users.reminder_emails` and `users.email_token`: reminders on or off, and the key of the
 * one-click unsubscribe link that turns them off without signing in (RFC 8058).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('live_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('cohort_id', 'text', (col) =>
      col.notNull().references('cohorts.id').onDelete('cascade'),
    )
    .addColumn('series_id', 'text')
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('starts_at', 'text', (col) => col.notNull())
    .addColumn('duration_minutes', 'integer', (col) =>
      col.notNull().check(sql`duration_minutes between 1 and 480`),
    )
    .addColumn('join_url', 'text', (col) => col.notNull())
    .addColumn('step', 'text')
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('scheduled', 'cancelled')`),
    )
    .addColumn('recording_url', 'text')
    .addColumn('sequence', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // A cohort's schedule in time order; the reminder pass's window over every cohort.
  await db.schema
    .createIndex('live_sessions_cohort_starts_at')
    .on('live_sessions')
    .columns(['cohort_id', 'starts_at'])
    .execute();
  await db.schema
    .createIndex('live_sessions_starts_at')
    .on('live_sessions')
    .column('starts_at')
    .execute();

  await db.schema
    .createTable('live_attendance')
    .addColumn('session_id', 'text', (col) =>
      col.notNull().references('live_sessions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('first_joined_at', 'text')
    .addColumn('mark', 'text', (col) => col.check(sql`mark in ('present', 'absent')`))
    .addColumn('marked_by_name', 'text')
    .addColumn('marked_at', 'text')
    .addPrimaryKeyConstraint('live_attendance_pk', ['session_id', 'user_id'])
    .execute();
  // A person's attendance over every class (their admin page).
  await db.schema
    .createIndex('live_attendance_user_id')
    .on('live_attendance')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('live_attendance_marks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('session_id', 'text', (col) =>
      col.notNull().references('live_sessions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mark', 'text', (col) => col.notNull().check(sql`mark in ('present', 'absent')`))
    .addColumn('marked_by', 'text', (col) => col.notNull())
    .addColumn('marked_by_name', 'text', (col) => col.notNull())
    .addColumn('marked_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('live_attendance_marks_session_id')
    .on('live_attendance_marks')
    .columns(['session_id', 'marked_at'])
    .execute();

  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('reminder_emails', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('users').addColumn('email_token', 'text').execute();
  await db.schema
    .createIndex('users_email_token')
    .unique()
    .on('users')
    .column('email_token')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_email_token').execute();
  await db.schema.alterTable('users').dropColumn('email_token').execute();
  await db.schema.alterTable('users').dropColumn('reminder_emails').execute();
  await db.schema.dropTable('calendar_feeds').execute();
  await db.schema.dropTable('live_attendance_marks').execute();
  await db.schema.dropTable('live_attendance').execute();
  await db.schema.dropTable('live_sessions').execute();
}
