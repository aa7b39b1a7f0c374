import { serveReceipt } from '~/features/transfers/serve-receipt.server';
import { requireServices } from '~/lib/load-context';
import type { Route } from './+types/receipt';

/** A transfer's receipt, to its student and to admins only. */
export function loader({ params, context }: Route.LoaderArgs) {
  return serveReceipt(requireServices(context), params.id);
}
