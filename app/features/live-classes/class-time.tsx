import { useEffect, useState } from 'react';
import { formatClassTime, startsIn } from './class-times';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Set once the page has hydrated: a time drawn after that needs no server HTML to match. */
let hydrated = false;

/** The browser's own time zone, once hydrated; the academy's until then (and without JS). */
function useViewerZone(academyZone: string): string {
  const [zone, setZone] = useState(() => (hydrated ? browserZone() : academyZone));
  useEffect(() => {
    // After hydration, so the first render matches the server's HTML.
    hydrated = true;
    setZone(browserZone());
  }, []);
  return zone;
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
  const [text, setText] = useState(serverText);
  const { startsAt, durationMinutes } = session;
  useEffect(() => {
    const refresh = () =>
      setText(startsIn({ starts_at: startsAt, duration_minutes: durationMinutes }, new Date()));
    refresh();
    const timer = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(timer);
  }, [startsAt, durationMinutes]);
  return <span className="whitespace-nowrap">{text}</span>;
}
