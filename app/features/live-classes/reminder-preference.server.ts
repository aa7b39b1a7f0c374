import type { Kysely } from 'kysely';
import type { Database } from '~/db/schema';

/**
 * Live-class reminders on or off for a person (the schedule page's preference). The
 * invitations and cancellations of their classes are not reminders: they always go.
 */
export async function setReminderEmails(
  db: Kysely<Database>,
  userId: string,
  on: boolean,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ reminder_emails: on ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}

export async function wantsReminderEmails(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('reminder_emails')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.reminder_emails === 1;
}
