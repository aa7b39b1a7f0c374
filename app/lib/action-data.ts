import { useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A route's action data, kept through the live refreshes of its page. React Router drops
 * the action data on every revalidation, so without this a change made elsewhere (another
 * admin, a student signing in) would wipe a refused form's messages while the person reads
 * them. The data goes, as React Router's own does, when the page moves to a new location:
 * another submission, a redirect or a link.
 */
export function useActionDataThroughRefreshes<T>(actionData: T | undefined): T | undefined {
  // A revalidation keeps the location (and its key); a submission or navigation makes a new one.
  const { key } = useLocation();
  const [kept, setKept] = useState({ key, data: actionData });
  if (kept.key !== key || (actionData !== undefined && kept.data !== actionData)) {
    setKept({ key, data: actionData });
  }
  return actionData ?? (kept.key === key ? kept.data : undefined);
}
