import { data, redirect } from 'react-router';
import { z } from '~/lib/zod';
import { findCourseStep } from '~/content/course-steps';
import { QUIZ_QUESTIONS } from '~/content/quiz-questions.server';
import { PASS_PERCENT, quizOfPage, type Quiz } from '~/content/quizzes';
import { site } from '~/content/site';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { getViewer, requireStudent } from '~/features/auth/guards.server';
import { LoginButton } from '~/features/auth/login-button';
import { ATTEMPT_FIELD, attemptRuleLine, QUIZ_MESSAGES, scoreLine } from '~/features/quizzes/quiz';
import { QuizAttempts } from '~/features/quizzes/quiz-attempts';
import {
  gradedAttemptResult,
  gradedAttemptsOf,
  nextAttemptAt,
  openAttempt,
  quizAttemptRule,
  standingOf,
  submitAttempt,
} from '~/features/quizzes/quiz-attempts.server';
import { paperOf, shuffledOrder } from '~/features/quizzes/quiz-grading.server';
import { QuizPaper } from '~/features/quizzes/quiz-paper';
import { QuizResult, QuizWait } from '~/features/quizzes/quiz-result';
import { FORM_UNREADABLE } from '~/lib/form-fields';
import { parseForm, refuseForm } from '~/lib/form.server';
import { pageMeta } from '~/lib/seo';
import { requireServerContext } from '~/load-context';
import { rootDataFromMatches } from '~/root-data';
import { BackLink } from '~/ui/back-link';
import { buttonClass } from '~/ui/button';
import { useActionDataThroughRefreshes } from '~/lib/action-data';
import type { Route } from './+types/quiz';
import { PageTitle } from '~/ui/page-title';
import type { FormErrors } from '~/ui/form';

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

/** The quiz this page is (three routes share this module): the last part of its path. */
function quizOf(request: Request): Quiz {
  const quiz = quizOfPage(new URL(request.url).pathname.split('/').pop());
  if (!quiz) throw data(null, { status: 404 });
  return quiz;
}

/**
 * The quiz's questions without their key. A students-only quiz is guarded like its step
 * before anything is read. A visitor reads the questions; a signed-in reader answers their
 * open attempt (opened now if they have none), or reads a graded one's corrections.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const quiz = quizOf(request);
  if (quiz.studentsOnly) await requireStudent(context);
  const viewer = await getViewer(context);
  const { db } = requireServerContext(context);
  const questions = QUIZ_QUESTIONS[quiz.id];
  const rule = await quizAttemptRule(db);
  const page = { quiz, step: findCourseStep(quiz.step)!, questionCount: questions.length, rule };
  if (!viewer) {
    return { ...page, attemptId: null, paper: paperOf(questions, shuffledOrder(questions)) };
  }
  const attempts = await gradedAttemptsOf(db, viewer.id, quiz.id);
  const opensAt = nextAttemptAt(attempts, rule, new Date());
  const mine = { ...page, attempts, standing: standingOf(quiz.id, attempts), opensAt };
  const shown = new URL(request.url).searchParams.get(ATTEMPT_FIELD);
  if (shown) {
    const result = await gradedAttemptResult(db, viewer.id, quiz.id, shown);
    if (!result) throw data('No such attempt of yours at this quiz.', { status: 404 });
    return { ...mine, attemptId: null, result };
  }
  // After the attempts in a row, no paper until the next one opens (decision 065).
  if (opensAt) return { ...mine, attemptId: null };
  const attempt = await openAttempt(db, viewer.id, quiz.id);
  return { ...mine, attemptId: attempt.id, paper: paperOf(questions, attempt.order) };
}

// The answers' names are the questions' ids (`answer.{id}`): checked against the attempt.
const answersSchema = z
  .object({ [ATTEMPT_FIELD]: z.string({ error: FORM_UNREADABLE }).min(1).max(64) })
  .catchall(z.union([z.string().max(4), z.array(z.string().max(4)).max(8)]));

/**
 * Submit answers: graded on the server and stored once, then the attempt's result page. A
 * visitor is asked to sign in (401); a students-only quiz answers 403 to anyone else;
 * anything the form could not have sent is refused with nothing stored.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const quiz = quizOf(request);
  const ctx = requireServerContext(context);
  const viewer = quiz.studentsOnly ? await requireStudent(ctx) : await getViewer(ctx);
  if (!viewer) return refuseForm({ formError: QUIZ_MESSAGES.signInToTake, fieldErrors: {} }, 401);
  const form = await parseForm(request, answersSchema);
  if (!form.ok) return refuseForm({ formError: FORM_UNREADABLE, fieldErrors: {} });
  const { [ATTEMPT_FIELD]: attemptId, ...answers } = form.data;
  const result = await submitAttempt(ctx.db, {
    userId: viewer.id,
    quizId: quiz.id,
    attemptId,
    answers,
  });
  switch (result.outcome) {
    case 'graded':
      ctx.log.info(
        {
          event: 'quiz-graded',
          quizId: quiz.id,
          attemptId,
          passed: result.passed,
          userId: viewer.id,
        },
        'audit',
      );
    // falls through: a replay of a graded attempt shows the same result
    case 'graded-already':
      return redirect(`/fed/${quiz.page}?${ATTEMPT_FIELD}=${result.attemptId}`);
    case 'unknown-attempt':
      return refuseForm({ formError: QUIZ_MESSAGES.unknownAttempt, fieldErrors: {} }, 404);
    case 'not-yours':
      return refuseForm({ formError: QUIZ_MESSAGES.notYours, fieldErrors: {} }, 403);
    case 'changed':
      return refuseForm({ formError: QUIZ_MESSAGES.changed, fieldErrors: {} }, 409);
    case 'refused':
      return refuseForm({ formError: result.message, fieldErrors: {} });
    case 'wait': {
      const seconds = Math.ceil((Date.parse(result.opensAt) - Date.now()) / 1000);
      return data<FormErrors>(
        {
          formError: QUIZ_MESSAGES.waitForNext(result.opensAt, result.rule),
          fieldErrors: {},
          values: {},
        },
        { status: 429, headers: { 'Retry-After': String(Math.max(1, seconds)) } },
      );
    }
  }
}

/** An early submit's `Retry-After` reaches the page's response too, not only its `.data`. */
export const headers: Route.HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const merged = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get('Retry-After');
  if (retryAfter) merged.set('Retry-After', retryAfter);
  return merged;
};

/** The HTML & CSS quiz's questions are open course material; the others stay unindexed. */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const quiz = loaderData?.quiz;
  return pageMeta({
    title: `${quiz?.title ?? 'Quiz'} | ${site.shortName} FrontEnd Bootcamp`,
    description: quiz?.covers ?? '',
    path: `/fed/${quiz?.page ?? ''}`,
    origin: rootDataFromMatches(matches)?.origin ?? '',
    siteName: site.name,
    noindex: !quiz || quiz.studentsOnly,
  });
};

export default function QuizPage({ loaderData, actionData: answered }: Route.ComponentProps) {
  const actionData = useActionDataThroughRefreshes(answered);
  const { quiz, step, questionCount, rule } = loaderData;
  const standing = 'standing' in loaderData ? loaderData.standing : null;
  const opensAt = 'opensAt' in loaderData ? loaderData.opensAt : null;
  return (
    <article className="max-w-4xl">
      <BackLink to={`/fed/${step.slug}`}>
        Back to Step {step.number}: {step.label}
      </BackLink>
      <PageTitle className="mt-4">{quiz.title}</PageTitle>
      <p className="mt-4 text-lg text-slate-700">{quiz.covers}</p>
      <p className="mt-2 text-slate-700">
        {questionCount} questions. You pass with {PASS_PERCENT} % of the answers right; your best
        attempt counts. {attemptRuleLine(rule)}
      </p>
      {standing?.best && (
        <p className="mt-2 font-semibold text-ink">
          Your best: {scoreLine(standing.best)}, {standing.passed ? 'passed' : 'not passed yet'}.
        </p>
      )}
      {'paper' in loaderData ? (
        <QuizPaper
          questions={loaderData.paper}
          attemptId={loaderData.attemptId}
          formError={actionData?.formError}
          signInAction={
            <div className="rounded-2xl border border-brand-200 bg-brand-50 p-5">
              <p className="font-semibold text-ink">{QUIZ_MESSAGES.signInToTake}</p>
              <LoginButton
                label="Login With Google"
                returnTo={`/fed/${quiz.page}`}
                className={buttonClass('primary', 'mt-3')}
              />
            </div>
          }
        />
      ) : 'result' in loaderData ? (
        <QuizResult
          score={loaderData.result}
          corrections={loaderData.result.corrections}
          retry={
            opensAt ? (
              <QuizWait opensAt={opensAt} rule={rule} className="mt-4" />
            ) : (
              `/fed/${quiz.page}`
            )
          }
        />
      ) : (
        opensAt && <QuizWait opensAt={opensAt} rule={rule} className="mt-8" />
      )}
      {'attempts' in loaderData && (
        <QuizAttempts
          attempts={loaderData.attempts}
          page={quiz.page}
          current={'result' in loaderData ? loaderData.result.id : undefined}
        />
      )}
    </article>
  );
}

export const ErrorBoundary = GuardedRouteBoundary;
