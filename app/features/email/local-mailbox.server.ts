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
  if (!context.mail.localMailbox) throw data('Not found', { status: 404 });
  return context.db;
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

export interface MailboxAttachment {
  /** Its place among the message's parts, as the download link names it. */
  index: number;
  /** The part's file name; an unnamed part (a calendar invitation's alternative) gets one. */
  filename: string;
  contentType: string;
  size: number;
}

/**
 * The files a stored message carries, read back from the raw message as a mail client
 * would (mailparser): an invitation shows its `.ics` twice, as the `text/calendar`
 * alternative calendar apps act on and as the attached file.
 */
function unnamedPartName(contentType: string, index: number): string {
  return contentType === 'text/calendar' ? 'calendar-alternative.ics' : `part-${index + 1}`;
}

async function partsOf(raw: string) {
  // Loaded when the local mailbox first reads a message: a server with SMTP never needs it.
  const { simpleParser } = await import('mailparser');
  const parsed = await simpleParser(raw);
  return parsed.attachments.map((part, index) => ({
    index,
    filename: part.filename ?? unnamedPartName(part.contentType, index),
    contentType: part.contentType,
    size: part.size,
    content: part.content,
  }));
}

export async function attachmentsOf(raw: string): Promise<MailboxAttachment[]> {
  return (await partsOf(raw)).map(({ content: _content, ...attachment }) => attachment);
}

/** One attachment of a stored message, to download; 404 when there is no such part. */
export async function readLocalMailboxAttachment(
  db: Kysely<Database>,
  id: string,
  index: string,
): Promise<MailboxAttachment & { content: Buffer }> {
  const message = await readLocalMailboxMessage(db, id);
  const attachment = /^\d{1,3}$/.test(index)
    ? (await partsOf(message.raw))[Number(index)]
    : undefined;
  if (!attachment) throw data('No such attachment in this message', { status: 404 });
  return attachment;
}
