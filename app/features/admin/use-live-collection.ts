import { useEffect, useRef, useState } from 'react';
import { useNavigation, useRevalidator } from 'react-router';
import type { LiveCollection } from '~/lib/live-collections';

const MAX_BACKOFF_MS = 30_000;
/** Several changes in a burst (a bulk edit) cause one refresh. */
const REFRESH_DEBOUNCE_MS = 100;

/**
 * SPEC §3/§7's live list, done our way: the pages' loaders hold the items; this hook (one
 * stream for every page of an area) listens to the server's change events for `collections`
 * on `stream` (`/admin/events` for the admin area, `/events` for a person's own pages) and
 * re-runs the loaders when one arrives. It reconnects with back-off and reports `loading`
 * while refreshing.
 */
export function useLiveCollections(
  collections: readonly LiveCollection[],
  stream: '/admin/events' | '/events',
): {
  loading: boolean;
  connected: boolean;
} {
  const { revalidate, state } = useRevalidator();
  const [connected, setConnected] = useState(false);
  const navigation = useNavigation();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;
  // A navigation or form submission under way reloads the data anyway; a refresh racing
  // it would be cancelled and could swallow the toast cookie the navigation is bringing.
  const idleRef = useRef(true);
  idleRef.current = navigation.state === 'idle';

  useEffect(() => {
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let backoff = 1_000;
    let stopped = false;

    const refresh = () => {
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(() => {
        if (idleRef.current) void revalidateRef.current();
      }, REFRESH_DEBOUNCE_MS);
    };
    const connect = () => {
      source = new EventSource(stream);
      source.addEventListener('ready', () => {
        backoff = 1_000;
        setConnected(true);
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
        setConnected(false);
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
    };
  }, [collections, stream]);

  return { loading: state === 'loading', connected };
}

/** Whether the page's data is being refreshed (after a change event, or on demand). */
export function useRefreshing(): boolean {
  return useRevalidator().state === 'loading';
}
