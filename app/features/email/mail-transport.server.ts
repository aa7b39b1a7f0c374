import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type StreamTransport from 'nodemailer/lib/stream-transport';
import { nowTimestamp, type Database } from '~/db/schema';
import type { Mailbox } from '~/lib/mail-address';

/**
 * A calendar invitation, cancellation or the classes of a cohort just joined (RFC 5546's
 * REQUEST, CANCEL and PUBLISH). It is sent twice, as calendar apps expect: as the `text/calendar; method=…` alternative they act on (add, update or remove
 * the event) and as an `.ics` attachment for those that only import files, labelled
 * `text/calendar` with the same `method` as RFC 6047 asks (nodemailer's own `icalEvent`
 * labels the attachment `application/ics`; decision 066).
 */
export interface CalendarPart {
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  filename: string;
  content: string;
}

export interface OutgoingEmail {
  from: Mailbox;
  replyTo: string;
  to: Mailbox;
  subject: string;
  html: string;
  text: string;
  /** Stable per message (from its idempotency key), so a receiver can drop a duplicate. */
  messageId: string;
  icalEvent?: CalendarPart;
  /** Extra headers a template asks for, such as RFC 8058's one-click unsubscribe. */
  headers?: Record<string, string>;
}

export interface MailTransport {
  kind: 'smtp' | 'local-mailbox';
  /** Where mail goes, without credentials: safe for logs and the command line. */
  description: string;
  /** Resolves with the server's answer once the message is accepted; rejects otherwise. */
  send(email: OutgoingEmail): Promise<{ response: string }>;
  close(): void;
}

/**
 * nodemailer, imported and set up by the first message rather than at start: a server
 * that sends nothing (most minutes of most instances) does not hold it in memory.
 */
function openedOnFirstUse(options: SMTPPool.Options | StreamTransport.Options) {
  let opened: Promise<Transporter> | undefined;
  return {
    open: () =>
      (opened ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(options),
      )),
    close: () => void opened?.then((transporter) => transporter.close()),
  };
}

/** A whole send, however many round trips it takes, ends with an error after this long. */
export const SEND_TIMEOUT_MS = 30_000;

/** The calendar as the last alternative (the one a calendar app acts on) and as a file. */
function calendarParts({ method, filename, content }: CalendarPart) {
  const contentType = `text/calendar; charset=utf-8; method=${method}`;
  return {
    alternatives: [{ contentType, content }],
    attachments: [{ filename, contentType, content, contentDisposition: 'attachment' as const }],
  };
}

function messageFields(email: OutgoingEmail) {
  return {
    from: email.from,
    replyTo: email.replyTo,
    to: email.to,
    subject: email.subject,
    html: email.html,
    text: email.text,
    messageId: email.messageId,
    ...(email.icalEvent && calendarParts(email.icalEvent)),
    headers: email.headers,
    // Only the address in `to` receives it: never a copy to anyone a header might name.
    envelope: { from: email.from.address, to: [email.to.address] },
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** `smtps://user:pass@smtp.example.com:465` as `smtps://smtp.example.com:465`. */
export function describeSmtpUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}

/** Node's verdicts on a certificate whose issuer it does not know: a private CA's, say. */
const UNKNOWN_ISSUER = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
]);

/**
 * nodemailer's TLS failures in words that tell the operator what to change (they reach the
 * log and the admin's view of the message); any other error as it is.
 */
function explainTlsFailure(error: unknown, description: string): unknown {
  const { code, originalCode, command, response } = error as {
    code?: string;
    originalCode?: string;
    command?: string;
    response?: string;
  };
  if (code === 'ETLS' && command === 'STARTTLS' && response) {
    return new Error(
      `${description} offers no STARTTLS (it answered "${response}"), and the credentials in SMTP_URL are only sent encrypted: use the provider's STARTTLS port (usually 587) or smtps:// (port 465).`,
      { cause: error },
    );
  }
  if (originalCode && UNKNOWN_ISSUER.has(originalCode)) {
    return new Error(
      `The TLS certificate of ${description} is not signed by a known CA (${(error as Error).message}): if it comes from a private CA, start the server with NODE_EXTRA_CA_CERTS=/path/to/that-ca.pem.`,
      { cause: error },
    );
  }
  return error;
}

/**
 * SMTP through a small pool of connections. Timeouts are short enough that a server that
 * hangs costs one attempt, not the worker: the message goes back to the queue.
 * Credentials only travel encrypted: with them, `smtp://` requires STARTTLS (nodemailer
 * would otherwise send AUTH in clear text to a server that does not offer it).
 */
export function createSmtpTransport(
  url: string,
  { sendTimeoutMs = SEND_TIMEOUT_MS }: { sendTimeoutMs?: number } = {},
): MailTransport {
  const parsed = new URL(url);
  const description = describeSmtpUrl(url);
  const within = (ms: number) => Math.min(ms, sendTimeoutMs);
  const secure = parsed.protocol === 'smtps:';
  const transporter = openedOnFirstUse({
    pool: true,
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    requireTLS: !secure && parsed.username !== '',
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
    maxConnections: 5,
    maxMessages: 100,
    connectionTimeout: within(10_000),
    greetingTimeout: within(10_000),
    socketTimeout: within(20_000),
    dnsTimeout: within(10_000),
    // Credentials never reach the logs: nodemailer's own logger stays off.
    logger: false,
  });
  return {
    kind: 'smtp',
    description,
    async send(email) {
      const info = await (
        await transporter.open()
      )
        .sendMail({ ...messageFields(email), signal: AbortSignal.timeout(sendTimeoutMs) })
        .catch((error: unknown) => {
          throw explainTlsFailure(error, description);
        });
      return { response: String(info.response) };
    },
    close: transporter.close,
  };
}

/**
 * The stand-in when no SMTP server is configured: nodemailer builds the message exactly as
 * it would for SMTP, and it is stored in `local_mailbox` for `/dev-mail` to show.
 */
export function createLocalMailboxTransport(db: Kysely<Database>): MailTransport {
  const transporter = openedOnFirstUse({ streamTransport: true, buffer: true });
  return {
    kind: 'local-mailbox',
    description: 'the local mailbox at /dev-mail',
    async send(email) {
      const info = await (await transporter.open()).sendMail(messageFields(email));
      await db
        .insertInto('local_mailbox')
        .values({
          id: randomUUID(),
          message_id: email.messageId,
          sender: email.from.address,
          recipient: email.to.address,
          subject: email.subject,
          html: email.html,
          text: email.text,
          raw: (info.message as Buffer).toString('utf8'),
          delivered_at: nowTimestamp(),
        })
        .execute();
      return { response: 'stored in the local mailbox' };
    },
    close: transporter.close,
  };
}
