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
  // Set while rendering: React renders again at once with the new state, before committing.
  if (kept.key !== key || (actionData !== undefined && kept.data !== actionData)) {
    setKept({ key, data: actionData });
  }
  return actionData ?? kept.data;
}

/**
 * The key of a form that starts empty again after this page's own submission: it changes
 * with the location (a redirect, a link), never with a live refresh. A key made from the
 * list's length instead remounted the form whenever someone else added a row, and wiped what
 * the person was typing. While the form shows its refusal (`refused`) the key holds: the
 * person corrects what they sent in place, and a location change that lands after the
 * message (the refusal's navigation settling behind a live refresh) cannot remount it and
 * wipe the correction under way; the route sends back what was typed, so the refused form
 * shows it.
 */
export function useFormKeyOfThisPage(refused: boolean): string {
  const { key } = useLocation();
  return refused ? 'refused' : key;
}
