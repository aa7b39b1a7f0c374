import { Link } from 'react-router';
import { notFoundPage } from '~/content/not-found';
import { buttonClass } from '~/ui/button';

/**
 * `message` replaces the generic wording when the page knows what is missing; `back`
 * offers the way back to where the missing thing was listed, beside Back To Home.
 */
export function NotFound({
  message,
  back,
}: {
  message?: string;
  back?: { to: string; label: string };
}) {
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col items-center px-6 py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-ink">{notFoundPage.title}</h1>
      <p className="mt-4 text-lg text-slate-700">{message || notFoundPage.message}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        {back && (
          <Link to={back.to} className={buttonClass('primary')}>
            {back.label}
          </Link>
        )}
        <Link to="/" className={buttonClass(back ? 'secondary' : 'primary')}>
          {notFoundPage.homeLabel}
        </Link>
      </div>
    </section>
  );
}
