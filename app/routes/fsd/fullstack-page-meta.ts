import type { FullstackStep } from '~/content/fullstack-steps';
import { site } from '~/content/site';
import type { RenderedStepContent } from '~/features/courses/rendered-step-content';
import { pageMeta, summarize } from '~/lib/seo';
import { rootDataFromMatches } from '~/root-data';

/** The FullStack track is for its students: none of it is for search engines. */
export function fullstackPageMeta({
  loaderData,
  matches,
}: {
  loaderData: { step: FullstackStep; content: RenderedStepContent } | undefined;
  matches: Parameters<typeof rootDataFromMatches>[0];
}) {
  return pageMeta({
    title: `${loaderData?.step.label ?? 'Course'} | ${site.shortName} FullStack Bootcamp`,
    description: loaderData ? summarize(loaderData.content.intro, 155) : '',
    path: `/fsd/${loaderData?.step.slug ?? ''}`,
    origin: rootDataFromMatches(matches)?.origin ?? '',
    siteName: site.name,
    noindex: true,
  });
}
