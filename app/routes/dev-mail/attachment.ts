import { readLocalMailboxAttachment } from '~/features/email/local-mailbox.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/attachment';
import { notThere, requireLocalMailbox } from './local-mailbox.server';

/**
 * Downloads one attachment of a message in the local mailbox. Always as a download, and
 * sandboxed: a message's part is whatever its sender put there, never a page of this site.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = requireLocalMailbox(requireServerContext(context));
  const read = await readLocalMailboxAttachment(db, params.id, params.index);
  if (!read.ok) throw notThere(read.reason === 'no-message' ? 'message' : 'attachment');
  const { attachment } = read;
  return new Response(new Uint8Array(attachment.content), {
    headers: {
      'Content-Type': attachment.contentType,
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(attachment.filename)}`,
      'Content-Security-Policy': 'sandbox',
      'Cache-Control': 'private, no-store',
    },
  });
}
