import { data } from 'react-router';
import { notFoundPage } from '~/content/not-found';
import { site } from '~/content/site';
import { NotFound } from '~/features/marketing/not-found';
import type { Route } from './+types/not-found';
import { privatePageMeta } from '~/lib/seo';

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () =>
  privatePageMeta(`${notFoundPage.title} | ${site.shortName}`);

export default function NotFoundPage() {
  return <NotFound />;
}
