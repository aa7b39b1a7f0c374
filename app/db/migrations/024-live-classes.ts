import { sql, type Kysely } from 'kysely';
import { createIndex, id, oneOf, optional, ownedByUser, required, type Table } from './columns';

/**
 * Live classes (DESIGN §13, decision 045).
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
    .$call(id)
    .addColumn('cohort_id', 'text', (col) =>
      col.notNull().references('cohorts.id').onDelete('cascade'),
    )
    .addColumn('series_id', 'text')
    .$call(required('text', 'title'))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .$call(required('text', 'starts_at'))
    .addColumn('duration_minutes', 'integer', (col) =>
      col.notNull().check(sql`duration_minutes between 1 and 480`),
    )
    .$call(required('text', 'join_url'))
    .addColumn('step', 'text')
    .$call(oneOf('status', ['scheduled', 'cancelled']))
    .addColumn('recording_url', 'text')
    .addColumn('sequence', 'integer', (col) => col.notNull().defaultTo(0))
    .$call(required('text', 'created_by', 'created_at', 'updated_at'))
    .execute();
  // A cohort's schedule in time order; the reminder pass's window over every cohort.
  await createIndex(db, 'live_sessions_cohort_starts_at', 'live_sessions', [
    'cohort_id',
    'starts_at',
  ]);
  await createIndex(db, 'live_sessions_starts_at', 'live_sessions', ['starts_at']);

  await db.schema
    .createTable('live_attendance')
    .$call(ofSession)
    .$call(ownedByUser)
    .addColumn('first_joined_at', 'text')
    .addColumn('mark', 'text', (col) => col.check(sql`mark in ('present', 'absent')`))
    .$call(optional('text', 'marked_by_name', 'marked_at'))
    .addPrimaryKeyConstraint('live_attendance_pk', ['session_id', 'user_id'])
    .execute();
  // A person's attendance over every class (their admin page).
  await createIndex(db, 'live_attendance_user_id', 'live_attendance', ['user_id']);

  await db.schema
    .createTable('live_attendance_marks')
    .$call(id)
    .$call(ofSession)
    .$call(ownedByUser)
    .$call(oneOf('mark', ['present', 'absent']))
    .$call(required('text', 'marked_by', 'marked_by_name', 'marked_at'))
    .execute();
  await createIndex(db, 'live_attendance_marks_session_id', 'live_attendance_marks', [
    'session_id',
    'marked_at',
  ]);

  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .$call(required('text', 'created_at'))
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('reminder_emails', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('users').addColumn('email_token', 'text').execute();
  await createIndex(db, 'users_email_token', 'users', ['email_token'], { unique: true });
}

/** `session_id`: the class a row is about; it goes with the class. */
function ofSession(table: Table): Table {
  return table.addColumn('session_id', 'text', (col) =>
    col.notNull().references('live_sessions.id').onDelete('cascade'),
  );
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
