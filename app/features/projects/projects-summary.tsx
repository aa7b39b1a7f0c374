import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { findCourseStep } from '~/content/course-steps';
import { findFullstackStep } from '~/content/fullstack-steps';
import { projectPagePath, type Project } from '~/content/projects';
import { TitledPanel } from '~/ui/titled-panel';
import type { ProjectsStanding } from './project-standing';

const NEXT_ACTION = {
  none: 'Hand in',
  waiting: 'Waiting for review:',
  'changes-requested': 'Send a new version of',
  approved: 'Approved:',
} as const;

/** The number of the step that carries a project, in its own track. */
function stepNumberOf(project: Project): number | undefined {
  return project.track === 'fullstack'
    ? findFullstackStep(project.step)?.number
    : findCourseStep(project.step)?.number;
}

/** A course home's "Projects: N of 7 approved" and the project to turn to next. */
export function ProjectsSummary({ standing }: { standing: ProjectsStanding }) {
  const { approved, total, next } = standing;
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
      {next ? (
        <Link
          to={projectPagePath(next.project)}
          className="mt-4 inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline"
        >
          {NEXT_ACTION[next.status ?? 'none']} {next.project.title} (Step{' '}
          {stepNumberOf(next.project)})
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      ) : (
        <p className="mt-4 font-semibold text-emerald-800">Every project is approved. Well done!</p>
      )}
    </TitledPanel>
  );
}
