import type { MetaDescriptor } from 'react-router';
import { pageSeo, type PublicPath } from '~/content/seo';
import { site } from '~/content/site';
import { rootDataFromMatches } from '~/root-data';
import { pageMeta } from '~/lib/seo';

/** The meta tags of one of the public pages, with canonical URLs on the site's origin. */
export function publicPageMeta(
  path: PublicPath,
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
): MetaDescriptor[] {
  const origin = rootDataFromMatches(matches)?.origin ?? '';
  return pageMeta({ ...pageSeo[path], path, origin, siteName: site.name });
}
