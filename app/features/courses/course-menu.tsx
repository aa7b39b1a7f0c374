import { BookOpen, CalendarDays, CheckCircle2, Lock } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { Viewer } from '~/features/auth/viewer';

/** A step as the menu lists it. */
export interface MenuStep {
  slug: string;
  label: string;
  number?: number;
  /** Shown with a lock: a step the reader may not open. */
  locked: boolean;
}

/** A student area's side menu (/fed, /fsd): who is reading, and the steps in order. */
export function CourseMenu({
  base,
  steps,
  viewer,
  completed,
  quizPassed,
  readsStudentSteps,
  signInAction,
}: {
  /** The area's path: `/fed` or `/fsd`. */
  base: string;
  steps: readonly MenuStep[];
  viewer: Viewer | null;
  /** The steps the reader marked complete: a check, and "completed" for screen readers. */
  completed: readonly string[];
  /** The steps whose graded quiz the reader passed: "Quiz passed" under the step. */
  quizPassed: readonly string[];
  /** Whether the reader may open the cohort's schedule (level-1, admin, mentor). */
  readsStudentSteps: boolean;
  signInAction: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const scheduleId = useId();
  const collapsed = `${open ? 'block' : 'hidden [html:not(.js)_&]:block'} md:block`;
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <aside
      aria-label="Course"
      className="border-b border-slate-200 bg-slate-50 md:w-72 md:shrink-0 md:border-r md:border-b-0"
    >
      <div className="px-4 py-4 md:sticky md:top-20">
        {viewer ? (
          <div className="text-sm text-slate-700">
            <p>
              Signed in as <strong className="block text-base text-ink">{viewer.name}</strong>
            </p>
            <p className="mt-1">
              <Link
                to="/account"
                className="rounded text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                Account
              </Link>
            </p>
          </div>
        ) : (
          <div className="text-sm text-slate-700">
            <p>Sign in to keep track of your course.</p>
            <div className="mt-2">{signInAction}</div>
          </div>
        )}
        {/* Like the header's menu: without JavaScript the toggle could do nothing, so it is
            hidden and the steps are shown. */}
        <button
          type="button"
          className="mt-3 hidden w-full items-center justify-between rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-ink [.js_&]:max-md:inline-flex"
          aria-expanded={open}
          aria-controls={`${listId} ${scheduleId}`}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="inline-flex items-center gap-2">
            <BookOpen aria-hidden="true" className="h-4 w-4" />
            Course steps
          </span>
          <span aria-hidden="true">{open ? '−' : '+'}</span>
        </button>
        <nav aria-label="Course steps">
          <ol id={listId} className={`${collapsed} mt-3 space-y-1`}>
            {steps.map((step) => (
              <li key={step.slug}>
                <NavLink
                  to={`${base}/${step.slug}`}
                  className={({ isActive }) =>
                    `flex items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm ${
                      isActive
                        ? 'bg-brand-600 font-semibold text-white'
                        : 'text-slate-800 hover:bg-slate-200'
                    }`
                  }
                >
                  <span>
                    {step.number !== undefined && `Step ${step.number}: `}
                    {step.label}
                    {completed.includes(step.slug) && <span className="sr-only"> (completed)</span>}
                    {quizPassed.includes(step.slug) && (
                      <>
                        <span className="sr-only"> (quiz passed)</span>
                        <span aria-hidden="true" className="block text-xs font-medium">
                          Quiz passed
                        </span>
                      </>
                    )}
                  </span>
                  {step.locked && <Lock aria-label="Students only" className="h-4 w-4 shrink-0" />}
                  {completed.includes(step.slug) && (
                    <CheckCircle2
                      aria-hidden="true"
                      data-testid="step-completed"
                      className="h-4 w-4 shrink-0"
                    />
                  )}
                </NavLink>
              </li>
            ))}
          </ol>
        </nav>
        {/* Not a step: the cohort's live classes, under the steps they go with. */}
        <nav
          aria-label="Live classes"
          id={scheduleId}
          className={`${collapsed} mt-3 border-t border-slate-200 pt-3`}
        >
          <NavLink
            to="/fed/schedule"
            className={({ isActive }) =>
              `flex items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm ${
                isActive
                  ? 'bg-brand-600 font-semibold text-white'
                  : 'text-slate-800 hover:bg-slate-200'
              }`
            }
          >
            <span className="inline-flex items-center gap-2">
              <CalendarDays aria-hidden="true" className="h-4 w-4" />
              Schedule
            </span>
            {!readsStudentSteps && <Lock aria-label="Students only" className="h-4 w-4 shrink-0" />}
          </NavLink>
        </nav>
      </div>
    </aside>
  );
}
