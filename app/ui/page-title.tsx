import type { ReactNode } from 'react';

const TITLE = 'text-3xl font-extrabold text-ink';

/** The title of a page of the course, account and staff areas: its one `<h1>`, one size on all. */
export function PageTitle({
  id,
  className,
  children,
}: {
  /** For a section or region the title names. */
  id?: string;
  /** Where it sits (a margin) or how it lays out what it holds. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <h1 id={id} className={className ? `${className} ${TITLE}` : TITLE}>
      {children}
    </h1>
  );
}
