import type { Kysely } from 'kysely';
import { site } from '~/content/site';
import type { Database } from '~/db/schema';
import {
  createLocalMailboxTransport,
  createSmtpTransport,
  type MailTransport,
} from '~/features/email/mail-transport.server';
import { EnvError, type Env } from '~/lib/env.server';
import { isLoopbackHost, isLoopbackUrl } from '~/lib/loopback.server';
import { parseMailbox, type Mailbox } from '~/lib/mail-address';

export const DEV_MAIL_PATH = '/dev-mail';

export interface MailSetup {
  transport: MailTransport;
  from: Mailbox;
  /** True when mail goes to the local mailbox, browsable at DEV_MAIL_PATH. */
  localMailbox: boolean;
}

/**
 * Mail goes through SMTP when SMTP_URL is set. Without it, to the local mailbox, which
 * fails closed like the local sign-in provider: anyone who can open `/dev-mail` reads every
 * message (sign-in links, invitations), so it only serves a loopback origin, on loopback.
 */
export function checkMailSettings(env: Env): void {
  if (env.SMTP_URL) return;
  if (!isLoopbackUrl(env.ORIGIN)) {
    throw new EnvError(
      `E-mail is not configured: ORIGIN (${env.ORIGIN}) is not a loopback address, so the local mailbox will not run. Set SMTP_URL and MAIL_FROM (see docs/deploy.md), or use ORIGIN=http://localhost:${env.PORT} on your own machine.`,
    );
  }
  if (env.HOST !== undefined && !isLoopbackHost(env.HOST)) {
    throw new EnvError(
      `HOST (${env.HOST}) is not a loopback address: without SMTP_URL every e-mail is kept in the local mailbox at ${DEV_MAIL_PATH}, which anyone could read there. Leave HOST unset (or 127.0.0.1), or set SMTP_URL and MAIL_FROM.`,
    );
  }
}

export function setUpMail(env: Env, db: Kysely<Database>): MailSetup {
  checkMailSettings(env);
  const configuredFrom = env.MAIL_FROM ? parseMailbox(env.MAIL_FROM) : undefined;
  const from = configuredFrom ?? { name: site.name, address: site.email.display };
  if (env.SMTP_URL) {
    return { transport: createSmtpTransport(env.SMTP_URL), from, localMailbox: false };
  }
  return { transport: createLocalMailboxTransport(db), from, localMailbox: true };
}
