/**
 * Command-line e-mail check:
 *   npm run mail -- test ADDRESS
 * Sends a test message straight through the configured transport (SMTP_URL, or the local
 * mailbox without it), not through the outbox, and prints what the server answered.
 */
import { randomUUID } from 'node:crypto';
import { site } from '~/content/site';
import { describeSendError } from '~/features/email/email-worker.server';
import { messageIdFor } from '~/features/email/outbox.server';
import { renderEmail } from '~/features/email/email-renderer.server';
import { parseEnv } from '~/lib/env.server';
import { runCommand, UsageError, withDatabase } from './command-line';
import { isDeliverableAddress } from '~/lib/mail-address';
import { checkMailSettings, setUpMail } from '../server/mail-setup';

const USAGE = 'Usage: npm run mail -- test ADDRESS';

async function main(args: string[]): Promise<void> {
  const [command, address] = args;
  if (command !== 'test' || !address || args.length > 2) throw new UsageError(USAGE);
  if (!isDeliverableAddress(address)) {
    throw new UsageError(`Not an e-mail address: "${address}".`);
  }
  const env = parseEnv();
  checkMailSettings(env);
  await withDatabase(env.DATABASE_URL, async (database) => {
    const mail = setUpMail(env, database.db);
    try {
      const rendered = renderEmail('test', { sentAt: new Date().toISOString() }, env.ORIGIN);
      const { response } = await mail.transport.send({
        from: mail.from,
        replyTo: site.email.display,
        to: { address, name: '' },
        ...rendered,
        messageId: messageIdFor({ idempotency_key: `test:${randomUUID()}` }, mail.from.address),
      });
      console.log(`Sent to ${address} through ${mail.transport.description}: ${response}`);
      if (mail.localMailbox) console.log(`Read it at ${env.ORIGIN}/dev-mail`);
    } catch (error) {
      console.error(`Not sent through ${mail.transport.description}: ${describeSendError(error)}`);
      process.exitCode = 1;
    } finally {
      mail.transport.close();
    }
  });
}

runCommand(() => main(process.argv.slice(2)));
