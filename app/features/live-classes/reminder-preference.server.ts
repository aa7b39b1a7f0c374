import { randomBytes } from 'node:crypto';
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

/**
 * The key of a person's one-click unsubscribe link, made with their first reminder. Two
 * reminder passes at once agree: only the first write sets it, and both read it back.
 */
export async function emailTokenOf(db: Kysely<Database>, userId: string): Promise<string> {
  await db
    .updateTable('users')
    .set({ email_token: randomBytes(24).toString('base64url') })
    .where('id', '=', userId)
    .where('email_token', 'is', null)
    .execute();
  const row = await db
    .selectFrom('users')
    .select('email_token')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.email_token!;
}

/** Whose unsubscribe link `token` is, and whether their reminders are on; undefined if no one's. */
export async function findByEmailToken(
  db: Kysely<Database>,
  token: string,
): Promise<{ userId: string; remindersOn: boolean } | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'reminder_emails'])
    .where('email_token', '=', token)
    .executeTakeFirst();
  return row && { userId: row.id, remindersOn: row.reminder_emails === 1 };
}

/**
 * The unsubscribe link's one effect: reminders off for the person whose token it is. False
 * for a token that is no one's. Invitations and cancellations keep coming: they are not
 * reminders, and a student needs to know that a class moved.
 */
export async function turnOffRemindersByToken(
  db: Kysely<Database>,
  token: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ reminder_emails: 0 })
    .where('email_token', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
