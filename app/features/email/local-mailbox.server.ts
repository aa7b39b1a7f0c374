import type { Kysely } from 'kysely';
import type { Database, LocalMailboxMessage } from '~/db/schema';
import type { RequestContext } from '~/load-context';

/** The newest messages shown at /dev-mail; a development mailbox rarely needs more. */
export const LOCAL_MAILBOX_PAGE_SIZE = 100;

/**
 * The database holding the local mailbox, or undefined when mail goes over SMTP: the mailbox
 * exists only while mail goes to it, and the server then listens on loopback only
 * (server/mail-setup.ts).
 */
export function localMailboxDatabase(context: RequestContext): Kysely<Database> | undefined {
  return context.mail.localMailbox ? context.db : undefined;
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
): Promise<LocalMailboxMessage | undefined> {
  return db.selectFrom('local_mailbox').selectAll().where('id', '=', id).executeTakeFirst();
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

/** One attachment of a stored message, to download, or which of the two is not there. */
export async function readLocalMailboxAttachment(
  db: Kysely<Database>,
  id: string,
  index: string,
): Promise<
  | { ok: true; attachment: MailboxAttachment & { content: Buffer } }
  | { ok: false; reason: 'no-message' | 'no-attachment' }
> {
  const message = await readLocalMailboxMessage(db, id);
  if (!message) return { ok: false, reason: 'no-message' };
  const attachment = /^\d{1,3}$/.test(index)
    ? (await partsOf(message.raw))[Number(index)]
    : undefined;
  return attachment ? { ok: true, attachment } : { ok: false, reason: 'no-attachment' };
}
