import { data } from 'react-router';
import type { Kysely } from 'kysely';
import type { Database, LocalMailboxMessage } from '~/db/schema';
import type { RequestContext } from '~/load-context';

/** The newest messages shown at /dev-mail; a development mailbox rarely needs more. */
export const LOCAL_MAILBOX_PAGE_SIZE = 100;

/**
 * `/dev-mail` exists only while mail goes to the local mailbox, and the server then
 * listens on loopback only (server/mail-setup.ts). With SMTP configured it is a 404, as
 * if it had never been there.
 */
export function requireLocalMailbox(context: RequestContext): Kysely<Database> {
  if (!context.services.email.localMailbox) throw data('Not found', { status: 404 });
  return context.services.database.db;
}

export type LocalMailboxEntry = Pick<
  LocalMailboxMessage,
  'id' | 'recipient' | 'subject' | 'delivered_at'
>;

export function listLocalMailbox(db: Kysely<Database>): Promise<LocalMailboxEntry[]> {
  return db
    .selectFrom('local_mailbox')
    .select(['id', 'recipient', 'subject', 'delivered_at'])
    .orderBy('delivered_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LOCAL_MAILBOX_PAGE_SIZE)
    .execute();
}

export async function readLocalMailboxMessage(
  db: Kysely<Database>,
  id: string,
): Promise<LocalMailboxMessage> {
  const message = await db
    .selectFrom('local_mailbox')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!message) throw data('No such message in the local mailbox', { status: 404 });
  return message;
}
