import type { ReactNode } from 'react';

/**
 * One term of a `<dl>` of facts about a record: its label, small, above its value, which is
 * bold unless `className` says otherwise (an empty one leaves the value as its text runs).
 */
export function Fact({
  label,
  className = 'font-semibold text-ink',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className={className || undefined}>{children}</dd>
    </div>
  );
}
