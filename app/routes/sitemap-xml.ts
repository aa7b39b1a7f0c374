import { COURSE_STEPS } from '~/content/course-steps';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/sitemap-xml';

/** Public pages only: students-only steps and the admin area are of no use to a search engine. */
const PUBLIC_PATHS = [
  '/',
  '/enroll',
  '/login',
  '/success',
  ...COURSE_STEPS.filter((step) => !step.studentsOnly).map((step) => `/fed/${step.slug}`),
];

export function loader({ context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  const urls = PUBLIC_PATHS.map((path) => `  <url><loc>${ctx.env.ORIGIN}${path}</loc></url>`).join(
    '\n',
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
