import type { ComponentPropsWithoutRef, ElementType, ReactNode } from 'react';

const TONES = {
  white: 'rounded-2xl border border-slate-200 bg-white p-6',
  grey: 'rounded-2xl border border-slate-200 bg-slate-50 p-6',
  amber: 'rounded-2xl border border-amber-300 bg-amber-50 p-6 text-amber-950',
} as const;

type TitledPanelProps<As extends ElementType> = {
  /** What the panel is: a `<section>`, or a form (`Form`, `fetcher.Form`). */
  as?: As;
  tone: keyof typeof TONES;
  /** The heading's id, which names the panel for assistive technology. */
  headingId: string;
  heading: ReactNode;
  headingLevel?: 'h2' | 'h3';
  headingClassName?: string;
  /** Where the panel sits, and any layout of its own (before the tone's classes). */
  className: string;
  children: ReactNode;
} & Omit<ComponentPropsWithoutRef<As>, 'aria-labelledby' | 'className' | 'children'>;

/** A rounded panel named by its heading: a page's summaries, and its admin forms. */
export function TitledPanel<As extends ElementType = 'section'>({
  as,
  tone,
  headingId,
  heading,
  headingLevel: Heading = 'h2',
  headingClassName = 'text-lg font-bold text-ink',
  className,
  children,
  ...rest
}: TitledPanelProps<As>) {
  const Panel: ElementType = as ?? 'section';
  return (
    <Panel {...rest} aria-labelledby={headingId} className={`${className} ${TONES[tone]}`}>
      <Heading id={headingId} className={headingClassName}>
        {heading}
      </Heading>
      {children}
    </Panel>
  );
}
