import { COURSE_STEPS } from '~/content/course-steps';
import { QUIZZES } from '~/content/quizzes';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/robots-txt';

export function loader({ context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  const body = [
    'User-agent: *',
    'Allow: /',
    // The open course steps are public; the students-only ones are not for crawlers.
    ...COURSE_STEPS.filter((step) => step.studentsOnly).map(
      (step) => `Disallow: /fed/${step.slug}`,
    ),
    ...QUIZZES.filter((quiz) => quiz.studentsOnly).map((quiz) => `Disallow: /fed/${quiz.page}`),
    'Disallow: /admin/',
    'Disallow: /auth/',
    `Sitemap: ${ctx.env.ORIGIN}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
