import { data } from 'react-router';
import { notFoundPage } from '~/content/not-found';
import { site } from '~/content/site';
import { NotFound } from '~/features/marketing/not-found';
import type { Route } from './+types/not-found';

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: `${notFoundPage.title} | ${site.shortName}` },
  { name: 'robots', content: 'noindex' },
];

export default function NotFoundPage() {
  return <NotFound />;
}
