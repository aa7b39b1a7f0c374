import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  countdownTo,
  formatClassTime,
  formatJoinOpens,
  joinOpensAt,
  startsIn,
} from './class-times';

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

/** The current minute's instant once hydrated; 0 on the server and while hydrating. */
function usePageClock(): number {
  return useSyncExternalStore(pageClock.subscribe, pageClock.read, () => 0);
}

/**
 * Whether a class's Join is a link: the server's answer first, then the page's clock, so a
 * list left open turns its Join into a link within half a minute of the window opening.
 * The link is the join page, which decides again (decision 072).
 */
export function useJoinOpen(startsAt: string, serverOpen: boolean): boolean {
  const now = usePageClock();
  return now === 0 ? serverOpen : now >= joinOpensAt(startsAt);
}

/** `Opens Tue 19 Jan, 18:45`, in the academy's zone in the server's HTML, then the viewer's. */
export function JoinOpens({ startsAt, academyZone }: { startsAt: string; academyZone: string }) {
  const zone = useViewerZone(academyZone);
  return <span className="whitespace-nowrap tabular-nums">{formatJoinOpens(startsAt, zone)}</span>;
}

/** How long a page that has reached the window waits before asking the server again. */
const RETRY_MS = 5_000;
/** A browser's longest timer (about 24.8 days); a longer one would fire at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * The waiting page's countdown, once a second, and at the window's opening it asks the
 * server for the join page again: the server alone decides, and redirects to the meeting
 * only within the window (decision 072). Without JavaScript the page says when it opens.
 */
export function JoinCountdown({ startsAt, joinPath }: { startsAt: string; joinPath: string }) {
  const [now, setNow] = useState(0);
  useEffect(() => {
    const opensAt = joinOpensAt(startsAt);
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 1000);
    // Reached already (the server's clock behind the browser's): ask again a little later.
    const wait = Math.min(Math.max(opensAt - Date.now(), 0) || RETRY_MS, LONGEST_TIMER_MS);
    const open = setTimeout(() => window.location.assign(joinPath), wait);
    return () => {
      clearInterval(tick);
      clearTimeout(open);
    };
  }, [startsAt, joinPath]);
  if (now === 0) return null;
  return (
    <p className="mt-4 text-lg text-slate-700" role="timer">
      Opens in <strong className="tabular-nums">{countdownTo(joinOpensAt(startsAt), now)}</strong>;
      this page opens the class by itself.
    </p>
  );
}

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
  const now = usePageClock();
  const text =
    now === 0
      ? serverText
      : startsIn(
          { starts_at: session.startsAt, duration_minutes: session.durationMinutes },
          new Date(now),
        );
  return <span className="whitespace-nowrap">{text}</span>;
}
