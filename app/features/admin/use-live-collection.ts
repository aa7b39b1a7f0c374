import { useEffect } from 'react';
import { useRevalidator, type RouterState } from 'react-router';
import { useDataRouter } from '~/lib/data-router';
import type { LiveCollection } from '~/lib/live-collections';

const MAX_BACKOFF_MS = 30_000;
/** Several changes in a burst (a bulk edit) cause one refresh. */
const REFRESH_DEBOUNCE_MS = 100;

/**
 * Whether a refresh now would cut something short. A navigation or a form submission under
 * way reloads the data anyway, and a revalidation started during its loading restarts its
 * loaders: the first response, which consumed the one-time toast cookie, is thrown away
 * with its toast. (A refused form's messages outlive the refresh through
 * `useActionDataThroughRefreshes`.)
 */
function refreshWouldInterrupt(state: RouterState): boolean {
  return (
    state.navigation.state !== 'idle' ||
    state.revalidation !== 'idle' ||
    [...state.fetchers.values()].some((fetcher) => fetcher.state !== 'idle')
  );
}

/**
 * SPEC §3/§7's live list, done our way: the pages' loaders hold the items; this hook (one
 * stream for every page of an area) listens to the server's change events for `collections`
 * on `stream` (`/admin/events` for the admin area, `/events` for a person's own pages) and
 * re-runs the loaders when one arrives. It reconnects with back-off. Pages show the refresh
 * with `useRefreshing`.
 */
export function useLiveCollections(
  collections: readonly LiveCollection[],
  stream: '/admin/events' | '/events',
): void {
  // The router itself, not the last render: React renders a navigation's start later than
  // it happens when the page is busy, so a rendered "idle" can be out of date.
  const router = useDataRouter();

  useEffect(() => {
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let backoff = 1_000;
    let stopWaiting: (() => void) | undefined;

    const refreshWhenQuiet = () => {
      if (!refreshWouldInterrupt(router.state)) {
        void router.revalidate();
        return;
      }
      // Once, when the router is quiet again (a change meanwhile is covered by this one).
      stopWaiting ??= router.subscribe((state) => {
        if (refreshWouldInterrupt(state)) return;
        stopWaiting?.();
        stopWaiting = undefined;
        refresh();
      });
    };
    const refresh = () => {
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(refreshWhenQuiet, REFRESH_DEBOUNCE_MS);
    };
    const connect = () => {
      source = new EventSource(stream);
      source.addEventListener('ready', () => {
        backoff = 1_000;
      });
      source.addEventListener('change', (event) => {
        const data = JSON.parse((event as MessageEvent<string>).data) as { collection?: string };
        if (collections.includes(data.collection as LiveCollection)) refresh();
      });
      source.addEventListener('resync', refresh);
      source.onerror = () => {
        // Our own back-off instead of EventSource's fixed retry, and a refresh on return
        // in case something changed while we were away.
        source?.close();
        if (stopped) return;
        retryTimer = setTimeout(() => {
          connect();
          refresh();
        }, backoff);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      source?.close();
      clearTimeout(retryTimer);
      clearTimeout(refreshTimer);
      stopWaiting?.();
    };
  }, [collections, stream, router]);
}

/** Whether the page's data is being refreshed (after a change event, or on demand). */
export function useRefreshing(): boolean {
  return useRevalidator().state === 'loading';
}
