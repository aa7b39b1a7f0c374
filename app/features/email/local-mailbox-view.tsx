import { ArrowLeft, Paperclip } from 'lucide-react';
import { Link } from 'react-router';
import type { LocalMailboxMessage } from '~/db/schema';
import { formatDateTimeUtc } from '~/lib/format';
import type { LocalMailboxEntry, MailboxAttachment } from './local-mailbox.server';
import { TitledSection } from '~/ui/titled-section';
import { PageTitle } from '~/ui/page-title';

function MailboxIntro() {
  return (
    <p className="mt-2 text-slate-700">
      No SMTP server is configured (<code>SMTP_URL</code>), so every e-mail the site sends is kept
      here instead. Only this machine can open this page.
    </p>
  );
}

export function LocalMailboxList({ messages }: { messages: LocalMailboxEntry[] }) {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
      <PageTitle>Local mailbox</PageTitle>
      <MailboxIntro />
      {messages.length === 0 ? (
        <p className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">
          No e-mail yet. Sign in with a new address to receive the welcome message.
        </p>
      ) : (
        <ol className="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {messages.map((message) => (
            <li key={message.id}>
              <Link
                to={`/dev-mail/${message.id}`}
                className="grid gap-1 px-4 py-3 hover:bg-slate-50 sm:grid-cols-[14rem_1fr_12rem] sm:gap-4"
              >
                <span className="truncate text-sm text-slate-700">{message.recipient}</span>
                <span className="font-semibold text-brand-700">{message.subject}</span>
                <time
                  dateTime={message.delivered_at}
                  className="text-sm text-slate-700 sm:text-right"
                >
                  {formatDateTimeUtc(message.delivered_at)}
                </time>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The HTML part as sent, in a sandbox: no scripts, links open in a new tab. */
function framedHtml(html: string): string {
  return html.replace(/<head>/i, '<head><base target="_blank">');
}

/** The files a message carries, each a download: what a mail client would offer. */
function Attachments({
  messageId,
  attachments,
}: {
  messageId: string;
  attachments: MailboxAttachment[];
}) {
  return (
    <TitledSection headingId="attachments-heading" heading="Attachments" className="mt-8">
      <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {attachments.map((attachment) => (
          <li
            key={attachment.index}
            className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm"
          >
            <a
              href={`/dev-mail/${messageId}/attachments/${attachment.index}`}
              download={attachment.filename}
              className="inline-flex items-center gap-2 font-semibold break-all text-brand-700 hover:underline"
            >
              <Paperclip aria-hidden="true" className="h-4 w-4 shrink-0" />
              {attachment.filename}
            </a>
            <span className="text-slate-700">{attachment.contentType}</span>
            <span className="text-slate-700">
              {attachment.size.toLocaleString('en-US')} {attachment.size === 1 ? 'byte' : 'bytes'}
            </span>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

export function LocalMailboxMessageView({
  message,
  attachments,
}: {
  message: LocalMailboxMessage;
  attachments: MailboxAttachment[];
}) {
  const fields = [
    ['From', message.sender],
    ['To', message.recipient],
    ['Subject', message.subject],
    ['Date', formatDateTimeUtc(message.delivered_at)],
    ['Message-ID', message.message_id],
  ] as const;
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
      <Link
        to="/dev-mail"
        className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to the local mailbox
      </Link>
      <h1 className="mt-4 text-2xl font-extrabold break-words text-ink sm:text-3xl">
        {message.subject}
      </h1>
      <dl className="mt-6 grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-[8rem_1fr]">
        {fields.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-700">{label}</dt>
            <dd className="font-semibold break-all text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {attachments.length > 0 && <Attachments messageId={message.id} attachments={attachments} />}
      <TitledSection headingId="html-part-heading" heading="HTML part" className="mt-8">
        <iframe
          title={`The HTML part of “${message.subject}”`}
          srcDoc={framedHtml(message.html)}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          className="mt-3 h-[44rem] w-full rounded-2xl border border-slate-200 bg-white"
        />
      </TitledSection>
      <TitledSection headingId="text-part-heading" heading="Text part" className="mt-8">
        <pre className="mt-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm wrap-anywhere whitespace-pre-wrap text-ink">
          {message.text}
        </pre>
      </TitledSection>
      <details className="mt-8">
        <summary className="cursor-pointer font-semibold text-brand-700">
          The whole message as sent (headers and MIME parts)
        </summary>
        <pre className="mt-3 max-h-[32rem] overflow-auto rounded-2xl border border-slate-200 bg-slate-50 p-4 text-xs text-ink">
          {message.raw}
        </pre>
      </details>
    </section>
  );
}
