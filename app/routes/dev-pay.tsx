import { site } from '~/content/site';
import { actOnLocalCheckout, loadLocalCheckout } from '~/features/enrolment/local-checkout.server';
import { LocalCheckoutView } from '~/features/enrolment/local-checkout-view';
import { requireServices } from '~/lib/load-context';
import type { Route } from './+types/dev-pay';

export function loader({ params, context }: Route.LoaderArgs) {
  return loadLocalCheckout(requireServices(context), params.orderId);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return actOnLocalCheckout(request, requireServices(context), params.orderId);
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = () => [
  { title: `Local test payment | ${site.shortName}` },
  { name: 'robots', content: 'noindex' },
];

export default function LocalCheckoutPage({ loaderData }: Route.ComponentProps) {
  return <LocalCheckoutView checkout={loaderData} />;
}
