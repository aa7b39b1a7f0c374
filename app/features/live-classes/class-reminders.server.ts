import type { Kysely } from 'kysely';
import { nowTimestamp, type Database } from '~/db/schema';
import { enqueueEmail } from '~/features/email/outbox.server';
import type { ReminderLead } from '~/features/email/templates/live-class-emails';
import { classSnapshot, studentsOf } from './class-emails.server';
import { emailTokenOf } from './reminder-preference.server';

const HOUR = 60 * 60 * 1000;

/**
 * The key of one reminder: per reminder, class, student and start time. The outbox keeps
 * keys unique, so two passes at once, or a pass after a restart, queue it once; a class
 * that moves has a new start, so its students are reminded of the new time.
 */
export function reminderKey(
  lead: ReminderLead,
  session: { id: string; starts_at: string },
  userId: string,
): string {
  return `live-reminder:${lead}:${session.id}:${userId}:${session.starts_at}`;
}

/** How long before a class each reminder's time begins. */
const LEAD_MS: Record<ReminderLead, number> = { '24h': 24 * HOUR, '1h': HOUR };

/**
 * When each of these students last became a student of the cohort (placed in it with access,
 * or given access while in it), from the audit trail; absent for one who never changed.
 */
async function joinedAt(
  db: Kysely<Database>,
  cohortId: string,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_changes')
    .select(['user_id', (eb) => eb.fn.max('changed_at').as('joined_at')])
    .where('user_id', 'in', userIds)
    .where('access_after', '=', 'level-1')
    .where('cohort_after', '=', cohortId)
    .where((eb) =>
      eb.or([eb('access_before', '<>', 'level-1'), eb('cohort_before', '<>', cohortId)]),
    )
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, String(row.joined_at)]));
}

/**
 * Queues the reminders due at `now`: for each scheduled class starting within a day, the
 * 24-hour reminder until an hour before its start, the 1-hour one from then to the start,
 * to each student of its cohort who wants reminders. A reminder whose time went by while
 * no server ran is not sent late: the next one takes its place. Nor is one whose time had
 * begun when the student joined the cohort: the "Your cohort" e-mail of that moment listed the
 * class (decision 071). Returns how many it queued.
 */
export async function queueDueReminders(db: Kysely<Database>, now: Date): Promise<number> {
  const sessions = await db
    .selectFrom('live_sessions')
    .innerJoin('cohorts', 'cohorts.id', 'live_sessions.cohort_id')
    .selectAll('live_sessions')
    .select('cohorts.name as cohort_name')
    .where('live_sessions.status', '=', 'scheduled')
    .where('live_sessions.starts_at', '>', nowTimestamp(now))
    .where('live_sessions.starts_at', '<=', nowTimestamp(new Date(now.getTime() + 24 * HOUR)))
    .orderBy('live_sessions.starts_at')
    .execute();
  let queued = 0;
  for (const { cohort_name: cohortName, ...session } of sessions) {
    const lead: ReminderLead = Date.parse(session.starts_at) - now.getTime() <= HOUR ? '1h' : '24h';
    const students = await studentsOf(db, session.cohort_id, { remindersOnly: true });
    if (students.length === 0) continue;
    // Most passes find every reminder queued already: look before making tokens and inserts.
    const sent = new Set(
      (
        await db
          .selectFrom('email_outbox')
          .select('idempotency_key')
          .where(
            'idempotency_key',
            'in',
            students.map((student) => reminderKey(lead, session, student.id)),
          )
          .execute()
      ).map((row) => row.idempotency_key),
    );
    const due = students.filter((student) => !sent.has(reminderKey(lead, session, student.id)));
    const joined = await joinedAt(
      db,
      session.cohort_id,
      due.map((student) => student.id),
    );
    const leadBegan = nowTimestamp(new Date(Date.parse(session.starts_at) - LEAD_MS[lead]));
    for (const student of due) {
      if ((joined.get(student.id) ?? '') > leadBegan) continue;
      const key = reminderKey(lead, session, student.id);
      const added = await enqueueEmail(
        db,
        {
          key,
          template: 'live-class-reminder',
          payload: {
            ...classSnapshot(session, student, cohortName),
            lead,
            unsubscribeToken: await emailTokenOf(db, student.id),
            remindedAt: nowTimestamp(now),
          },
          to: { address: student.email, name: student.name },
          userId: student.id,
        },
        now,
      );
      if (added) queued += 1;
    }
  }
  return queued;
}
