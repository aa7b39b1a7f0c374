import type { Kysely } from 'kysely';
import type { Database, OutboxEmail } from '~/db/schema';
import type { Logger } from '~/lib/logger.server';
import type { Mailbox } from '~/lib/mail-address';
import { SEND_TIMEOUT_MS, type MailTransport } from './mail-transport.server';
import {
  claimDueEmails,
  markEmailAttemptFailed,
  markEmailSent,
  messageIdFor,
  requeueInterruptedSends,
} from './outbox.server';
import { EmailTemplateError, renderEmail } from './email-renderer.server';

/**
 * How long a claim holds. It must outlast the longest a live worker keeps one: the send,
 * which the transport ends after SEND_TIMEOUT_MS, then the update recording its outcome
 * (half a minute allowed, for a database under load). Longer only delays the message of an
 * instance that died mid-send, which another instance sends again when the claim ends.
 */
export const EMAIL_LEASE_MS = SEND_TIMEOUT_MS + 30_000;

export interface EmailWorkerOptions {
  db: Kysely<Database>;
  engine: 'sqlite' | 'postgres';
  transport: MailTransport;
  from: Mailbox;
  /** Where replies go: the academy's contact address. */
  replyTo: string;
  /** ORIGIN: links in messages start with it. */
  origin: string;
  logger: Logger;
  /** How often to look for due messages besides being woken: retries, other instances. */
  pollMs?: number;
  /** Messages claimed (and sent in parallel) at a time. */
  batchSize?: number;
  /** How long a claim holds before another worker may take the message over (EMAIL_LEASE_MS). */
  leaseMs?: number;
  now?: () => Date;
}

export interface EmailWorker {
  /** Something was just queued here: look now instead of at the next poll. */
  wake(): void;
  /** Resolves once every due message has been tried (tests and the command line). */
  runOnce(): Promise<void>;
  /** No new claims; resolves once the sends in progress have finished. */
  stop(): Promise<void>;
}

/**
 * Sends what the outbox holds, in the server process. A request never waits for it: the
 * message is committed with its cause, the worker is woken, and the response goes out.
 * The lease (EMAIL_LEASE_MS) outlasts the transport's send limit, so a live worker never
 * loses a claim to another.
 */
export function startEmailWorker(options: EmailWorkerOptions): EmailWorker {
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? 10;
  const leaseMs = options.leaseMs ?? EMAIL_LEASE_MS;
  const log = options.logger.child({ worker: 'email' });
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;

  const send = (email: OutboxEmail) => sendOne(options, log, now, email);

  const drain = async () => {
    while (!stopped) {
      const claimed = await claimDueEmails(options.db, {
        engine: options.engine,
        limit: batchSize,
        leaseMs,
        now: now(),
      });
      if (claimed.length === 0) return;
      await Promise.all(claimed.map(send));
    }
  };

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error: unknown) => log.warn({ err: error }, 'outbox unavailable; trying again later'))
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void run();
        }
      });
    return running;
  };

  const starting =
    options.engine === 'sqlite'
      ? requeueInterruptedSends(options.db, now()).then((count) => {
          if (count > 0) log.warn({ count }, 'e-mails interrupted by a stop are queued again');
        })
      : Promise.resolve();
  void starting.then(run, (error: unknown) => log.warn({ err: error }, 'outbox unavailable'));
  const timer = setInterval(() => void run(), options.pollMs ?? 15_000);
  timer.unref();

  return {
    wake: () => {
      if (!stopped) void run();
    },
    async runOnce() {
      await starting;
      await run();
      // A wake during that pass runs another: wait for it too.
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * One claimed message rendered and sent, and its outcome recorded: sent, or failed with the
 * next attempt's time (or given up).
 */
async function sendOne(
  options: EmailWorkerOptions,
  log: EmailWorkerOptions['logger'],
  now: () => Date,
  email: OutboxEmail,
): Promise<void> {
  try {
    const to = { address: email.recipient, name: email.recipient_name };
    const rendered = renderEmail(email.template, JSON.parse(email.payload), options.origin, {
      from: options.from,
      to,
    });
    const { response } = await options.transport.send({
      from: options.from,
      replyTo: options.replyTo,
      to,
      ...rendered,
      subject: email.subject,
      messageId: messageIdFor(email, options.from.address),
    });
    await markEmailSent(options.db, email.id, now());
    log.info({ emailId: email.id, template: email.template, response }, 'e-mail sent');
  } catch (error) {
    // A message that cannot be rendered fails the same way on every attempt.
    const permanent = error instanceof EmailTemplateError || error instanceof SyntaxError;
    const reason = describeSendError(error);
    const status = await markEmailAttemptFailed(options.db, email, reason, now(), permanent);
    log[status === 'failed' ? 'error' : 'warn'](
      { emailId: email.id, template: email.template, attempts: email.attempts, status, reason },
      status === 'failed' ? 'e-mail given up' : 'e-mail attempt failed; retrying later',
    );
  }
}

/** What the admin sees as the last error: the server's answer or the network failure. */
export function describeSendError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { responseCode?: number; code?: string }).responseCode;
  const text = error.message.replace(/\s+/g, ' ').trim();
  return code ? `SMTP ${code}: ${text}` : text;
}
