import { requireServices } from '~/lib/load-context';
import type { Route } from './+types/robots-txt';

export function loader({ context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /fed/',
    'Disallow: /admin/',
    'Disallow: /auth/',
    `Sitemap: ${services.env.ORIGIN}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
