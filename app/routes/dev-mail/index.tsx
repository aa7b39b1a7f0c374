import { site } from '~/content/site';
import { listLocalMailbox } from '~/features/email/local-mailbox.server';
import { LocalMailboxList } from '~/features/email/local-mailbox-view';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/index';
import { requireLocalMailbox } from './local-mailbox.server';
import { privatePageMeta } from '~/lib/seo';

export async function loader({ context }: Route.LoaderArgs) {
  return { messages: await listLocalMailbox(requireLocalMailbox(requireServerContext(context))) };
}

// Other people's e-mail: never kept by a cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = () => privatePageMeta(`Local mailbox | ${site.shortName}`);

export default function LocalMailboxPage({ loaderData }: Route.ComponentProps) {
  return <LocalMailboxList messages={loaderData.messages} />;
}
