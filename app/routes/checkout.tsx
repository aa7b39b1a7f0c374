import { data } from 'react-router';
import { site } from '~/content/site';
import { CheckoutView } from '~/features/enrolment/checkout-view';
import { findPlan } from '~/content/plans';
import {
  returnFromCancelledCheckout,
  startCheckout,
  UNKNOWN_PLAN,
} from '~/features/enrolment/start-checkout.server';
import { requireServices } from '~/lib/load-context';
import type { Route } from './+types/checkout';

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = requireServices(context);
  const query = new URL(request.url).searchParams;
  if (query.has('cancelled')) {
    return returnFromCancelledCheckout(services.services.sessionSettings.secure);
  }
  const plan = findPlan(query.get('plan') ?? '');
  if (!plan) throw data(UNKNOWN_PLAN, { status: 404 });
  const { user } = await services.session();
  return { plan, signedIn: user !== null };
}

export function action({ request, context }: Route.ActionArgs) {
  return startCheckout(request, requireServices(context));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Pay for ${loaderData?.plan.name ?? 'a plan'} | ${site.shortName}` },
  { name: 'robots', content: 'noindex' },
];

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  return <CheckoutView {...loaderData} />;
}
