import { publicPageMeta } from '~/lib/public-page-meta';
import { buttonClass } from '~/ui/button';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = ({ matches }) => publicPageMeta('/login', matches);

export default function LoginPage() {
  return (
    <section className="mx-auto max-w-md px-6 py-24 text-center">
      <h1 className="text-3xl font-bold text-ink">Login</h1>
      <button type="button" disabled className={buttonClass('primary', 'mt-8 w-full')}>
        Login With Google
      </button>
      <p className="mt-4 text-sm text-slate-700">Sign-in is being connected and opens soon.</p>
    </section>
  );
}
