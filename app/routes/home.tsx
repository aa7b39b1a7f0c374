import { courseJsonLd, organizationJsonLd } from '~/content/seo';
import { readNextCohortSentence } from '~/features/cohorts/next-cohort.server';
import { AboutSection } from '~/features/marketing/about-section';
import { CurriculumSection } from '~/features/marketing/curriculum-section';
import { FaqSection } from '~/features/marketing/faq-section';
import { HeroSection } from '~/features/marketing/hero-section';
import { publicPageMeta } from '~/features/marketing/public-page-meta';
import { useRootData } from '~/root-data';
import { jsonLdScript } from '~/lib/seo';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  return { nextCohort: await readNextCohortSentence(context) };
}

export const meta: Route.MetaFunction = ({ matches }) => publicPageMeta('/', matches);

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { origin } = useRootData();
  return (
    <>
      <HeroSection />
      <AboutSection />
      <CurriculumSection nextCohort={loaderData.nextCohort} />
      <FaqSection />
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{
          __html: jsonLdScript([organizationJsonLd(origin), ...courseJsonLd(origin)]),
        }}
      />
    </>
  );
}
