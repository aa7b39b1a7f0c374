import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { site } from '~/content/site';
import { LoginButton } from '~/features/auth/login-button';
import { LogoutButton } from '~/features/auth/logout-button';
import type { Viewer } from '~/features/auth/viewer';
import { buttonClass } from '~/ui/button';
import { useScrolledPast } from './use-scrolled-past';

/** SPEC §9: the header changes style once the page has scrolled more than 50 px. */
export const HEADER_SCROLL_THRESHOLD = 50;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-full px-4 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-brand-100 text-brand-800' : 'text-slate-700 hover:bg-slate-100'
  }`;

export function SiteHeader({
  viewer,
  reviews,
  enrolled,
}: {
  viewer: Viewer | null;
  /** Submissions waiting for this reviewer (admin or mentor); null: not a reviewer. */
  reviews: number | null;
  /** The viewer holds an enrolment, paused or not: they have what Enroll Now sells. */
  enrolled: boolean;
}) {
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const location = useLocation();

  useEffect(() => setMenuOpen(false), [location.pathname, location.hash]);
  useEffect(() => {
    if (!menuOpen) return;
    // Escape closes the phone menu and puts focus back on its toggle.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header
      data-scrolled={scrolled}
      className={`sticky top-0 z-40 border-b transition-[background-color,box-shadow,border-color] duration-200 ${
        scrolled
          ? 'border-slate-200 bg-white/95 shadow-md backdrop-blur'
          : 'border-transparent bg-white'
      }`}
    >
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3 md:flex-nowrap"
      >
        <Link to="/" className="flex items-center gap-2 rounded-lg font-bold text-ink">
          <img src="/favicon.svg" alt="" width={32} height={32} className="h-8 w-8" />
          <span>{site.name}</span>
        </Link>
        {/* Without JavaScript the toggle could do nothing: it is hidden and the menu shown. */}
        <button
          ref={toggleRef}
          type="button"
          className="hidden h-11 w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 [.js_&]:max-md:inline-flex"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
        <ul
          id={menuId}
          className={`${menuOpen ? 'flex' : 'hidden [html:not(.js)_&]:flex'} w-full flex-col gap-1 pb-2 md:flex md:w-auto md:flex-row md:items-center md:gap-2 md:pb-0`}
        >
          {viewer && (
            <li>
              {/* The greeting leads to the person's own account page. */}
              <NavLink
                to="/account"
                className="block rounded-full px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-slate-100 aria-[current=page]:bg-brand-50"
              >
                Hi, {viewer.name}
              </NavLink>
            </li>
          )}
          <li>
            <NavLink to="/" end className={navLinkClass}>
              Home
            </NavLink>
          </li>
          {viewer && (
            <li>
              {/* The area's root: marked on every page of the area, and it redirects home. */}
              <NavLink to="/fed" className={navLinkClass}>
                FrontEnd
              </NavLink>
            </li>
          )}
          {viewer?.readsFullstack && (
            <li>
              <NavLink to="/fsd" className={navLinkClass}>
                FullStack
              </NavLink>
            </li>
          )}
          {viewer && reviews !== null && (
            <li>
              <NavLink to="/mentor" className={navLinkClass}>
                Mentor
                {reviews > 0 && (
                  <span
                    data-testid="waiting-reviews"
                    className="ml-2 rounded-full bg-amber-400 px-2 text-xs font-bold text-ink"
                  >
                    {reviews}
                    <span className="sr-only"> waiting for review</span>
                  </span>
                )}
              </NavLink>
            </li>
          )}
          {viewer?.access === 'admin' && (
            <li>
              <NavLink to="/admin" className={navLinkClass}>
                Admin
              </NavLink>
            </li>
          )}
          {viewer ? (
            <li>
              <LogoutButton className={buttonClass('ghost', 'w-full md:w-auto')} />
            </li>
          ) : (
            <li>
              <LoginButton label="Login" className={buttonClass('secondary', 'w-full md:w-auto')} />
            </li>
          )}
          {/* A student with access or an enrolment (a paused one too) has what Enroll Now sells. */}
          {viewer?.access !== 'level-1' && !enrolled && (
            <li>
              <NavLink
                to="/enroll"
                className={({ isActive }) =>
                  // Marked by a darker fill and an underline: a ring would read as focus.
                  buttonClass(
                    'primary',
                    `w-full md:w-auto ${isActive ? 'bg-brand-800 underline decoration-2 underline-offset-4' : ''}`,
                  )
                }
              >
                Enroll Now
              </NavLink>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
