import { data } from 'react-router';
import type { Kysely } from 'kysely';
import type { Database } from '~/db/schema';
import { localMailboxDatabase } from '~/features/email/local-mailbox.server';
import type { RequestContext } from '~/load-context';

/** What `/dev-mail`'s pages answer with a 404 when it is not there. */
const NOT_THERE = {
  mailbox: 'Not found',
  message: 'No such message in the local mailbox',
  attachment: 'No such attachment in this message',
} as const;

/**
 * The local mailbox's database for `/dev-mail`'s three routes (decision 077). With SMTP
 * configured `/dev-mail` is a 404, as if it had never been there.
 */
export function requireLocalMailbox(context: RequestContext): Kysely<Database> {
  const db = localMailboxDatabase(context);
  if (!db) throw notThere('mailbox');
  return db;
}

/** The 404 of a mailbox, message or attachment that is not there. */
export function notThere(what: keyof typeof NOT_THERE) {
  return data(NOT_THERE[what], { status: 404 });
}
