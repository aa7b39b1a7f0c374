import { site } from '~/content/site';
import { attachmentsOf, readLocalMailboxMessage } from '~/features/email/local-mailbox.server';
import { LocalMailboxMessageView } from '~/features/email/local-mailbox-view';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/message';
import { notThere, requireLocalMailbox } from './local-mailbox.server';
import { privatePageMeta } from '~/lib/seo';

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = requireLocalMailbox(requireServerContext(context));
  const message = await readLocalMailboxMessage(db, params.id);
  if (!message) throw notThere('message');
  return { message, attachments: await attachmentsOf(message.raw) };
}

// Other people's e-mail: never kept by a cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privatePageMeta(
    `${loaderData?.message.subject ?? 'Message'} | Local mailbox | ${site.shortName}`,
  );

export default function LocalMailboxMessagePage({ loaderData }: Route.ComponentProps) {
  return (
    <LocalMailboxMessageView message={loaderData.message} attachments={loaderData.attachments} />
  );
}
