import { data, isRouteErrorResponse, useRouteError } from 'react-router';
import { site } from '~/content/site';
import { CheckoutRefused, CheckoutView } from '~/features/enrolment/checkout-view';
import { enrolledTracksOf } from '~/features/enrolment/enrolments.server';
import { coversTrack } from '~/features/enrolment/tracks';
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
    return returnFromCancelledCheckout(services);
  }
  const plan = findPlan(query.get('plan') ?? '');
  if (!plan) throw data(UNKNOWN_PLAN, { status: 404 });
  const { user } = await services.session();
  const enrolled =
    user !== null &&
    coversTrack(await enrolledTracksOf(services.services.database.db, user.id), plan.theme);
  return { plan, signedIn: user !== null, enrolled };
}

export function action({ request, context }: Route.ActionArgs) {
  return startCheckout(request, requireServices(context));
}

/** A refusal keeps its headers (Retry-After on too many checkouts). */
export const headers: Route.HeadersFunction = ({ errorHeaders }) => errorHeaders ?? new Headers();

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Pay for ${loaderData?.plan.name ?? 'a plan'} | ${site.shortName}` },
  { name: 'robots', content: 'noindex' },
];

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  return <CheckoutView {...loaderData} />;
}

/**
 * A plan that does not exist, too many checkouts at once, or a track the person is enrolled
 * in (409): said in words, with the way on.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status < 500 && typeof error.data === 'string') {
    return <CheckoutRefused message={error.data} enrolled={error.status === 409} />;
  }
  throw error;
}
