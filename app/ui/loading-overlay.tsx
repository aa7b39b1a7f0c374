import { Spinner } from './spinner';

/** Covers the page while something the person started (like signing in) completes. */
export function LoadingOverlay({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-white/80 backdrop-blur-sm"
    >
      <Spinner className="h-12 w-12" />
      <p className="font-semibold text-brand-800">{label}</p>
    </div>
  );
}
