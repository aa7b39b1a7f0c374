import { data } from 'react-router';
import { courseContent } from '~/content/course-content.server';
import { findCourseStep, neighbourSteps } from '~/content/course-steps';
import { site } from '~/content/site';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireStudent } from '~/features/auth/guards.server';
import { StepView } from '~/features/courses/step-view';
import type { Route } from './+types/step';

export async function loader({ params, context }: Route.LoaderArgs) {
  const step = findCourseStep(params.step);
  if (!step) throw data(null, { status: 404 });
  // The guard runs before any content is read, so a denied request never carries it.
  if (step.studentsOnly) await requireStudent(context);
  return { step, content: courseContent(step.slug), ...neighbourSteps(step.slug) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.step.label ?? 'Course'} | ${site.shortName}` },
  { name: 'robots', content: 'noindex' },
];

export default function CourseStepPage({ loaderData }: Route.ComponentProps) {
  return <StepView {...loaderData} />;
}

export const ErrorBoundary = GuardedRouteBoundary;
