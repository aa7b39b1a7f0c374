import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { successPage } from '~/content/success';
import { publicPageMeta } from '~/lib/public-page-meta';
import { buttonClass } from '~/ui/button';
import type { Route } from './+types/success';

export const meta: Route.MetaFunction = ({ matches }) => publicPageMeta('/success', matches);

export default function SuccessPage() {
  return (
    <section className="mx-auto w-full max-w-2xl px-6 py-20">
      <CheckCircle2 aria-hidden="true" className="h-14 w-14 text-accent-500" />
      <h1 className="mt-4 text-3xl font-bold text-ink">{successPage.heading}</h1>
      <p className="mt-4 text-lg text-slate-700">{successPage.message}</p>
      <ul className="mt-8 list-disc space-y-2 pl-6 text-slate-700">
        {successPage.nextSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
      <Link to="/" className={buttonClass('primary', 'mt-10')}>
        {successPage.homeLabel}
      </Link>
    </section>
  );
}
