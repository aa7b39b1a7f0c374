import { ArrowLeft, ArrowRight, Clock } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { StepSection } from '~/content/course-content.types';
import { usePageFragments } from '~/lib/page-fragments';

import { CourseCardView, ProjectCardView } from './course-cards';
import type { RenderedSection, RenderedStepContent } from './rendered-step-content';
import { PageTitle } from '~/ui/page-title';

/**
 * A section's material under its heading: the same for every reader, so the server renders
 * it once per step (step-content.server.tsx) and the page carries it as HTML.
 */
export function SectionBody({ section }: { section: StepSection }) {
  switch (section.kind) {
    case 'text':
      return section.paragraphs.map((paragraph) => (
        <p key={paragraph} className="mt-3 text-slate-700">
          {paragraph}
        </p>
      ));
    case 'list':
      return (
        <ol className="mt-4 space-y-3">
          {section.items.map((item, index) => (
            <li
              key={item.title}
              className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4"
            >
              <span
                aria-hidden="true"
                className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800"
              >
                {index + 1}
              </span>
              <span>
                <strong className="block text-ink">{item.title}</strong>
                <span className="text-sm text-slate-700">{item.description}</span>
              </span>
            </li>
          ))}
        </ol>
      );
    case 'cards':
      return (
        <div className="mt-4 grid gap-6 sm:grid-cols-2">
          {section.cards.map((card) => (
            <CourseCardView key={card.title} card={card} />
          ))}
        </div>
      );
    case 'projects':
      return (
        <div className="mt-4 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {section.projects.map((project) => (
            <ProjectCardView key={project.title} project={project} />
          ))}
        </div>
      );
  }
}

/**
 * A section's rendered material: from the loader's data after a client-side navigation,
 * else (the document) from the fragments the server's loader left for this render. While
 * the browser hydrates it has neither, and React keeps the server's markup in place.
 */
function RenderedBody({ section }: { section: RenderedSection }) {
  const fragments = usePageFragments();
  return (
    <div
      dangerouslySetInnerHTML={{ __html: section.html ?? fragments?.get(section.fragment) ?? '' }}
      suppressHydrationWarning
    />
  );
}

/** A step as its page names it: its place in the area's path and its label. */
export interface ViewedStep {
  slug: string;
  label: string;
  number?: number;
}

export function StepView({
  base = '/fed',
  step,
  content,
  previous,
  next,
  progressForm,
  projects,
  sectionLead,
  quiz,
  children,
}: {
  /** The area's path: `/fed` (the default) or `/fsd`. */
  base?: string;
  step: ViewedStep;
  content: RenderedStepContent;
  previous?: ViewedStep;
  next?: ViewedStep;
  /** What belongs to the reader (their transfers, their progress), after the intro. */
  children?: ReactNode;
  /** The step's projects to hand in, after its material. */
  projects?: ReactNode;
  /** Mark as complete, at the end of a numbered step. */
  progressForm?: ReactNode;
  /** What is the reader's own in a text section, under its heading (the lecture's date). */
  sectionLead?: { heading: string; node: ReactNode };
  /** The step's graded quiz, after its course and practice quiz cards. */
  quiz?: ReactNode;
}) {
  const lastCards = content.sections.findLast((section) => section.kind === 'cards');
  return (
    <article className="max-w-4xl">
      {step.number !== undefined && (
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          Step {step.number}
        </p>
      )}
      <PageTitle className="mt-1">{content.heading}</PageTitle>
      {content.duration && (
        <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
          <Clock aria-hidden="true" className="h-4 w-4" />
          Duration: {content.duration}
        </p>
      )}
      <p className="mt-4 text-lg text-slate-700">{content.intro}</p>
      {children}
      {content.sections.map((section) => (
        <Fragment key={section.heading}>
          <section className="render-when-near mt-10">
            <h2 className="text-xl font-bold text-ink">{section.heading}</h2>
            {sectionLead?.heading === section.heading && sectionLead.node}
            <RenderedBody section={section} />
          </section>
          {section === lastCards && quiz}
        </Fragment>
      ))}
      {projects}
      {progressForm}
      <nav
        aria-label="Step navigation"
        className="mt-12 flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-between"
      >
        {previous ? (
          <Link
            to={`${base}/${previous.slug}`}
            rel="prev"
            className="inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            Previous: {previous.label}
          </Link>
        ) : (
          <span />
        )}
        {next && (
          <Link
            to={`${base}/${next.slug}`}
            rel="next"
            className="inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline"
          >
            Next: {next.label}
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        )}
      </nav>
    </article>
  );
}
