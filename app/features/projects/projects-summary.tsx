import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { findCourseStep } from '~/content/course-steps';
import { TitledPanel } from '~/ui/titled-panel';
import type { ProjectsStanding } from './project-standing';

const NEXT_ACTION = {
  none: 'Hand in',
  waiting: 'Waiting for review:',
  'changes-requested': 'Send a new version of',
  approved: 'Approved:',
} as const;

/** The course home's "Projects: N of 7 approved" and the project to turn to next. */
export function ProjectsSummary({ standing }: { standing: ProjectsStanding }) {
  const { approved, total, next } = standing;
  const step = next ? findCourseStep(next.project.step) : undefined;
  return (
    <TitledPanel
      tone="white"
      className="mt-6"
      headingId="projects-summary-heading"
      heading="Your projects"
      headingClassName="text-xl font-bold text-ink"
    >
      <p className="mt-2 text-slate-800">
        Projects: {approved} of {total} approved
      </p>
      {next && step ? (
        <Link
          to={`/fed/${step.slug}`}
          className="mt-4 inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline"
        >
          {NEXT_ACTION[next.status ?? 'none']} {next.project.title} (Step {step.number})
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      ) : (
        <p className="mt-4 font-semibold text-emerald-800">Every project is approved. Well done!</p>
      )}
    </TitledPanel>
  );
}
