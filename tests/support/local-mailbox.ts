import pino from 'pino';
import { startEmailWorker } from '~/features/email/email-worker.server';
import { createLocalMailboxTransport } from '~/features/email/mail-transport.server';
import type { DatabaseHandle } from '~/db/database.server';

export const MAIL_ORIGIN = 'https://academy.example';
export const MAIL_FROM = { name: 'Frontier Dev Academy', address: 'hello@academy.example' };

/**
 * One pass of the real e-mail worker over the outbox, delivering to the local mailbox
 * (`local_mailbox`), as a server without SMTP does: the messages as a mail program gets them.
 */
export async function deliverToLocalMailbox(
  { db, engine }: Pick<DatabaseHandle, 'db' | 'engine'>,
  now?: () => Date,
): Promise<void> {
  const worker = startEmailWorker({
    db,
    engine,
    transport: createLocalMailboxTransport(db),
    from: MAIL_FROM,
    replyTo: MAIL_FROM.address,
    origin: MAIL_ORIGIN,
    logger: pino({ level: 'silent' }),
    pollMs: 60_000,
    ...(now && { now }),
  });
  await worker.runOnce();
  await worker.stop();
}
