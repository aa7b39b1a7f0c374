import type { ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { Spinner } from './spinner';

/**
 * The main column of a staff area (admin, mentor): it says so while the next page of the
 * area (a path starting with `area`) loads.
 */
export function AreaMain({ area, children }: { area: string; children: ReactNode }) {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname.startsWith(area);
  return (
    <div className="relative min-w-0 flex-1 px-4 py-8 md:px-10" aria-busy={loading}>
      {loading && (
        <div
          role="status"
          className="absolute top-4 right-4 flex items-center gap-2 text-sm text-brand-800"
        >
          <Spinner className="h-5 w-5" />
          <span>Loading…</span>
        </div>
      )}
      {children}
    </div>
  );
}
