import type { Kysely } from 'kysely';
import { nowTimestamp, type Database } from '~/db/schema';

/**
 * The person chooses their display name: the name on pages, in the header and on
 * certificates issued from now on (an issued certificate keeps the name it was issued to).
 * `name_edited_at` tells sign-in to keep it instead of the provider's.
 */
export async function renameUser(
  db: Kysely<Database>,
  userId: string,
  name: string,
  now: Date = new Date(),
): Promise<void> {
  await db
    .updateTable('users')
    .set({ name, name_edited_at: nowTimestamp(now) })
    .where('id', '=', userId)
    .execute();
}
