import type { Kysely } from 'kysely';
import { site } from '~/content/site';
import type { Database } from '~/db/schema';
import {
  createLocalMailboxTransport,
  createSmtpTransport,
  type MailTransport,
} from '~/features/email/mail-transport.server';
import type { Env } from '~/lib/env.server';
import { parseMailbox, type Mailbox } from '~/lib/mail-address';
import { refuseUnlessLoopback } from './local-stand-ins';

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
  refuseUnlessLoopback(env, {
    service: 'E-mail',
    name: 'the local mailbox',
    risk: `without SMTP_URL every e-mail is kept in the local mailbox at ${DEV_MAIL_PATH}, which anyone could read there`,
    configure: 'SMTP_URL and MAIL_FROM',
  });
}

/** Call `checkMailSettings` first: it refuses a local mailbox where it must not run. */
export function setUpMail(env: Env, db: Kysely<Database>): MailSetup {
  const configuredFrom = env.MAIL_FROM ? parseMailbox(env.MAIL_FROM) : undefined;
  const from = configuredFrom ?? { name: site.name, address: site.email.display };
  if (env.SMTP_URL) {
    return { transport: createSmtpTransport(env.SMTP_URL), from, localMailbox: false };
  }
  return { transport: createLocalMailboxTransport(db), from, localMailbox: true };
}
