import type { ReactNode } from 'react';

/** A part of a page named by its heading (an `<h2>`), for assistive technology too. */
export function TitledSection({
  headingId,
  heading,
  className,
  children,
}: {
  /** The heading's id, which names the section. */
  headingId: string;
  heading: ReactNode;
  /** Where the section sits on its page. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-xl font-bold text-ink">
        {heading}
      </h2>
      {children}
    </section>
  );
}
