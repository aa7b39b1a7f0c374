import { useRouteLoaderData } from 'react-router';
import type { Viewer } from '~/features/auth/viewer';
import type { ToastType } from '~/ui/toasts';

export interface RootData {
  viewer: Viewer | null;
  /**
   * For a reviewer (an admin or a mentor): how many submissions wait for their review, the
   * header's Mentor entry; null for everyone else, who gets no entry.
   */
  reviews?: number | null;
  /**
   * Whether the signed-in person holds an enrolment that was not refunded or cancelled, a
   * paused one included: the header sells them no Enroll Now (decision 068).
   */
  enrolled?: boolean;
  /** A toast that followed a redirect (see lib/flash.server.ts). */
  flash: { type: ToastType; message: string } | null;
  origin: string;
  year: string;
}

/** The root loader's data, available to every route's component. */
export function useRootData(): RootData {
  const data = useRouteLoaderData('root') as RootData | undefined;
  if (!data) throw new Error('useRootData is used outside the root route');
  return data;
}

/** The root loader's data inside a `meta` function. */
export function rootDataFromMatches(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
): RootData | undefined {
  return matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
}
