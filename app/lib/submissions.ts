import { useEffect } from 'react';
import type { ShouldRevalidateFunction } from 'react-router';
import { useDataRouter } from './data-router';

/**
 * After a refusal caused by a change of state (409: the certificate was issued meanwhile, the
 * class was cancelled, the code's uses were taken), the page loads again, so it shows what is
 * true beside the refusal. React Router skips revalidation after any 4xx by default, which
 * left "No certificate issued yet" beside "This student already has a valid certificate".
 * Every page route with an action exports this as its `shouldRevalidate` (the architecture
 * test holds it); a refused form keeps its messages through the reload
 * (`useActionDataThroughRefreshes`).
 */
export const revalidateAfterConflict: ShouldRevalidateFunction = ({
  actionStatus,
  defaultShouldRevalidate,
}) => actionStatus === 409 || defaultShouldRevalidate;

function sendsData(form: HTMLFormElement, submitter: HTMLElement | null): boolean {
  const method = submitter?.getAttribute('formmethod') ?? form.getAttribute('method') ?? 'get';
  return method.toLowerCase() !== 'get';
}

/** How long a submission that started no navigation (a handler stopped it) keeps its form shut. */
const UNSTARTED_SUBMISSION_MS = 1000;

/**
 * A form being sent ignores further submissions until the router is idle again, on every
 * form of the site: a double click on Issue certificate sent two requests, and the second's
 * refusal replaced the first's success. Buttons also show `disabled` while busy, but that
 * needs a render, which React Router hands to React in a transition and which a fast second
 * click beats; this listener runs before React sees the event. A form whose handler
 * prevented the submission without starting one is released after a second. A search (GET)
 * is not held: a new search typed while the last one loads must replace it.
 */
export function useOneSubmissionPerForm() {
  const router = useDataRouter();
  useEffect(() => {
    const sending = new Set<HTMLFormElement>();
    const idle = () =>
      router.state.navigation.state === 'idle' &&
      [...router.state.fetchers.values()].every((fetcher) => fetcher.state === 'idle');
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !sendsData(form, event.submitter)) return;
      if (sending.has(form)) {
        event.preventDefault();
        event.stopImmediatePropagation();
        return;
      }
      sending.add(form);
      setTimeout(() => {
        if (idle()) sending.delete(form);
      }, UNSTARTED_SUBMISSION_MS);
    };
    const unsubscribe = router.subscribe(() => {
      if (idle()) sending.clear();
    });
    // Capture on window: before React's own listener on its root hands the event to the form.
    window.addEventListener('submit', onSubmit, true);
    return () => {
      window.removeEventListener('submit', onSubmit, true);
      unsubscribe();
    };
  }, [router]);
}
