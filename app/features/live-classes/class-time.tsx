import { useSyncExternalStore } from 'react';
import { formatClassTime, startsIn } from './class-times';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const neverChanges = () => () => {};

/**
 * The browser's own time zone once hydrated; the academy's in the server's HTML (and so
 * without JavaScript). React renders the server's value while hydrating, then the
 * browser's; a time drawn after hydration starts in the browser's.
 */
function useViewerZone(academyZone: string): string {
  return useSyncExternalStore(neverChanges, browserZone, () => academyZone);
}

/**
 * A class's start: in the academy's time zone in the server's HTML (right without
 * JavaScript), then in the viewer's own. One line of fixed-width digits, so the switch
 * does not move what follows it.
 */
export function ClassTime({ startsAt, academyZone }: { startsAt: string; academyZone: string }) {
  const zone = useViewerZone(academyZone);
  return (
    <time dateTime={startsAt} className="whitespace-nowrap tabular-nums">
      {formatClassTime(startsAt, zone)}
    </time>
  );
}

const REFRESH_MS = 30_000;

/**
 * One clock for every "Starts in …" of the page: a single timer while any is shown,
 * read as the current minute's instant (0 on the server and while hydrating).
 */
const pageClock = (() => {
  const listeners = new Set<() => void>();
  let now = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const tick = () => {
    now = Date.now();
    for (const listener of listeners) listener();
  };
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      if (!timer) {
        now = Date.now();
        timer = setInterval(tick, REFRESH_MS);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    read: () => now,
  };
})();

/**
 * "Starts in 2 hours" / "Live now": the server's words first, then kept current by the
 * browser while the page stays open.
 */
export function ClassStartsIn({
  session,
  serverText,
}: {
  session: { startsAt: string; durationMinutes: number };
  serverText: string;
}) {
  const now = useSyncExternalStore(pageClock.subscribe, pageClock.read, () => 0);
  const text =
    now === 0
      ? serverText
      : startsIn(
          { starts_at: session.startsAt, duration_minutes: session.durationMinutes },
          new Date(now),
        );
  return <span className="whitespace-nowrap">{text}</span>;
}
