import type { CourseStep } from '~/content/course-steps';
import { site } from '~/content/site';
import type { RenderedStepContent } from '~/features/courses/rendered-step-content';
import { pageMeta, privatePageMeta, summarize } from '~/lib/seo';
import { rootDataFromMatches } from '~/root-data';

/**
 * The head of the FrontEnd course home and of its steps. The open steps are public course
 * material and may be found in search; the students-only steps (and any denied or missing
 * page) are kept out of the index.
 */
export function fedCoursePageMeta({
  loaderData,
  matches,
}: {
  loaderData: { step: CourseStep; content: RenderedStepContent } | undefined;
  matches: Parameters<typeof rootDataFromMatches>[0];
}) {
  if (!loaderData) return privatePageMeta(`Course | ${site.shortName}`);
  const { step, content } = loaderData;
  return pageMeta({
    title: `${step.label} | ${site.shortName} FrontEnd Bootcamp`,
    description: summarize(content.intro, 155),
    path: `/fed/${step.slug}`,
    origin: rootDataFromMatches(matches)?.origin ?? '',
    siteName: site.name,
    noindex: step.studentsOnly,
  });
}
