import { useEffect, useRef, useState } from 'react';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { site } from '~/content/site';
import { SiteFooter } from '~/features/marketing/site-footer';
import { SiteHeader } from '~/features/marketing/site-header';
import { useAuthStateSync } from '~/features/auth/persisted-auth-state';
import { readsFullstack } from '~/features/fullstack/fullstack-access';
import { clearSessionCookie } from '~/features/auth/session.server';
import { FollowReviews } from '~/features/mentors/follow-reviews';
import { reviewQueueSize } from '~/features/mentors/mentor-area.server';
import { isPrerendering, requireServerContext } from '~/load-context';
import { useDataRouter } from '~/lib/data-router';
import { useNonce } from '~/lib/nonce';
import { useOneSubmissionPerForm } from '~/lib/submissions';
import type { RootData } from '~/root-data';
import { SERVE_TIME_SLOTS } from '~/lib/serve-time-slots';
import { NotFound } from '~/features/marketing/not-found';
import { notify, ToastHost } from '~/ui/toasts';
import type { Route } from './+types/root';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
  { rel: 'manifest', href: '/site.webmanifest' },
];

/** Marks the document as scripted before first paint, so content that needs JS to reveal stays visible without it. */
const SCRIPTED_CLASS_SCRIPT = "document.documentElement.classList.add('js')";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (isPrerendering(context)) {
    const prerendered: RootData = {
      viewer: null,
      reviews: null,
      flash: null,
      origin: SERVE_TIME_SLOTS.origin,
      year: SERVE_TIME_SLOTS.year,
    };
    return prerendered;
  }
  const ctx = requireServerContext(context);
  const { user, clearCookie } = await ctx.session();
  const flash = await ctx.flash.read(request.headers.get('Cookie'));
  const headers = new Headers();
  // A forged, expired or deleted session makes this a visitor's request and drops the cookie.
  if (clearCookie) headers.append('Set-Cookie', clearSessionCookie(ctx.sessionSettings));
  if (flash) headers.append('Set-Cookie', await ctx.flash.clear());
  const rootData: RootData = {
    viewer: user
      ? { id: user.id, name: user.name, access: user.access, readsFullstack: readsFullstack(user) }
      : null,
    reviews: user ? await reviewQueueSize(ctx.db, user) : null,
    enrolled: user?.holdsEnrolment ?? false,
    flash,
    origin: ctx.env.ORIGIN,
    year: String(new Date().getUTCFullYear()),
  };
  return data(rootData, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData('root') as RootData | undefined;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#312e81" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPTED_CLASS_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white px-4 py-2 text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <SiteHeader
          viewer={data?.viewer ?? null}
          reviews={data?.reviews ?? null}
          enrolled={data?.enrolled ?? false}
        />
        <main id="main" className="flex flex-1 flex-col">
          {data?.flash && !hydrated && (
            // The message a toast shows; without JavaScript there is no toast, so the page
            // says it itself (hidden once the inline script has marked the page scripted,
            // and gone once the app runs, so the text is on the page once).
            <p
              role="status"
              className={`mx-auto mt-4 w-full max-w-3xl rounded-lg px-4 py-3 text-center font-semibold [.js_&]:hidden ${
                data.flash.type === 'error'
                  ? 'bg-red-50 text-red-800'
                  : 'bg-emerald-50 text-emerald-900'
              }`}
            >
              {data.flash.message}
            </p>
          )}
          {children}
        </main>
        <SiteFooter year={data?.year ?? String(new Date().getUTCFullYear())} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * After a client-side navigation to another page, focus moves to its main heading, as a
 * full page load would put a screen reader at the top: otherwise it stays on the link that
 * was clicked (or falls to the body) and the new page is never announced. A change of the
 * query only (a search, a page of results) keeps focus where the person is working.
 */
function useFocusHeadingOnNavigation() {
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }, [pathname]);
}

/** Each flash the router has held, shown once (a flash object is new with each loader run). */
const shownFlashes = new WeakSet<object>();

/**
 * Shows the flash that followed a redirect as a toast as soon as the router holds it, not
 * when React commits a render with it. React Router updates React in a transition, and under
 * load a transition render can be overtaken by the next update before it commits: a live
 * refresh right after the redirect then replaces the root data with the flash (one-time,
 * already cleared by the server) and an effect on the rendered data never sees it.
 */
function useFlashToasts() {
  const router = useDataRouter();
  useEffect(() => {
    const showFlash = (state: typeof router.state) => {
      const flash = (state.loaderData.root as RootData | undefined)?.flash;
      if (!flash || shownFlashes.has(flash)) return;
      shownFlashes.add(flash);
      notify(flash.type, flash.message);
    };
    showFlash(router.state);
    return router.subscribe(showFlash);
  }, [router]);
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { viewer, reviews } = loaderData;
  useAuthStateSync(viewer);
  useFocusHeadingOnNavigation();
  // Scripts load after the first paint (decision 011): end-to-end tests wait for this mark
  // before they use what needs the app, such as the sign-in popup.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  useFlashToasts();
  useOneSubmissionPerForm();
  return (
    <>
      <Outlet />
      {reviews != null && <FollowReviews />}
      <ToastHost />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <section className="mx-auto w-full max-w-2xl px-6 py-24 text-center">
      <h1 className="text-3xl font-bold text-ink">Something went wrong</h1>
      <p className="mt-4 text-slate-700">
        We could not load this page. Please try again, or contact us at{' '}
        <a className="text-brand-700 underline" href={site.email.href}>
          {site.email.display}
        </a>
        .
      </p>
    </section>
  );
}
