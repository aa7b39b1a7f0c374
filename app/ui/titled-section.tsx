import type { ReactNode } from 'react';

/** A part of a page named by its heading (an `<h2>`, or `<h3>` inside another), for assistive technology too. */
export function TitledSection({
  headingId,
  heading,
  headingLevel: Heading = 'h2',
  className,
  children,
}: {
  /** The heading's id, which names the section. */
  headingId: string;
  heading: ReactNode;
  headingLevel?: 'h2' | 'h3';
  /** Where the section sits on its page. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className={className}>
      <Heading
        id={headingId}
        className={`${Heading === 'h3' ? 'text-lg' : 'text-xl'} font-bold text-ink`}
      >
        {heading}
      </Heading>
      {children}
    </section>
  );
}
