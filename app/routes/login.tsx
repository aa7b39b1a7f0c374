import { redirect } from 'react-router';
import { getViewer } from '~/features/auth/guards.server';
import { LoginButton } from '~/features/auth/login-button';
import { safeReturnTo } from '~/features/auth/sign-in-messages';
import { publicPageMeta } from '~/features/marketing/public-page-meta';
import { buttonClass } from '~/ui/button';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = ({ matches }) => publicPageMeta('/login', matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get('redirectTo'));
  if (await getViewer(context)) throw redirect(returnTo);
  return { returnTo };
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto w-full max-w-md px-6 py-24 text-center">
      <h1 className="text-3xl font-bold text-ink">Login</h1>
      <p className="mt-4 text-slate-700">
        Sign in with your Google account to open the FrontEnd course pages. A new account is created
        the first time you sign in.
      </p>
      <LoginButton
        label="Login With Google"
        returnTo={loaderData.returnTo}
        className={buttonClass('primary', 'mt-8 w-full py-3 text-base')}
      />
    </section>
  );
}
