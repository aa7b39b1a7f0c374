import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { QUIZ_QUESTIONS } from '~/content/quiz-questions.server';
import { findQuiz, QUIZ_IDS, type QuizId } from '~/content/quizzes';
import { nowTimestamp, type Database } from '~/db/schema';
import { readSettings } from '~/features/settings/settings.server';
import {
  betterScore,
  hasPassed,
  QUIZ_MESSAGES,
  type AttemptRule,
  type AttemptSummary,
  type Correction,
  type QuizAttempt,
  type QuizStanding,
} from './quiz';
import {
  correctionsOf,
  gradeAnswers,
  orderFits,
  shuffledOrder,
  type Answers,
  type OptionOrder,
} from './quiz-grading.server';

/** An attempt's id: random, so a result page's address cannot be guessed. */
const newAttemptId = () => `qza_${randomBytes(16).toString('base64url')}`;

export interface OpenAttempt {
  id: string;
  order: OptionOrder;
}

/**
 * The student's open attempt at a quiz, opened now if they have none (or if the quiz changed
 * since theirs was opened): a reload shows the same order, and after a graded attempt the
 * next visit is a new attempt. Two tabs opening at once share one: the partial unique index
 * keeps a single open row, and the loser of the insert reads the winner's.
 */
export async function openAttempt(
  db: Kysely<Database>,
  userId: string,
  quizId: QuizId,
  now: Date = new Date(),
): Promise<OpenAttempt> {
  const questions = QUIZ_QUESTIONS[quizId];
  const open = await findOpenAttempt(db, userId, quizId);
  if (open && orderFits(questions, open.order)) return open;
  if (open) {
    await db
      .deleteFrom('quiz_attempts')
      .where('id', '=', open.id)
      .where('submitted_at', 'is', null)
      .execute();
  }
  await db
    .insertInto('quiz_attempts')
    .values({
      id: newAttemptId(),
      user_id: userId,
      quiz_id: quizId,
      option_order: JSON.stringify(shuffledOrder(questions)),
      started_at: nowTimestamp(now),
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const opened = await findOpenAttempt(db, userId, quizId);
  if (!opened) throw new Error(`No open attempt at ${quizId} after opening one`);
  return opened;
}

async function findOpenAttempt(
  db: Kysely<Database>,
  userId: string,
  quizId: QuizId,
): Promise<OpenAttempt | undefined> {
  const row = await db
    .selectFrom('quiz_attempts')
    .select(['id', 'option_order'])
    .where('user_id', '=', userId)
    .where('quiz_id', '=', quizId)
    .where('submitted_at', 'is', null)
    .executeTakeFirst();
  return row && { id: row.id, order: JSON.parse(row.option_order) as OptionOrder };
}

export type SubmitAttemptResult =
  /** Graded and stored now, or earlier (a double click, a replay): its result page. */
  | { outcome: 'graded' | 'graded-already'; attemptId: string; passed: boolean }
  /** No attempt has this id (404). */
  | { outcome: 'unknown-attempt' }
  /** Someone else's attempt (403). */
  | { outcome: 'not-yours' }
  /** Not an answer the attempt's form could send, or an attempt of another quiz (400). */
  | { outcome: 'refused'; message: string }
  /** The quiz was edited since the attempt was opened (409): the next visit opens anew. */
  | { outcome: 'changed' }
  /** Too soon after the attempts in a row (429): nothing stored, the attempt stays open. */
  | { outcome: 'wait'; opensAt: string; rule: AttemptRule };

/**
 * Grades a submitted attempt and stores it once. The answers are checked against the
 * attempt's own order before anything is written; a second submit of the same attempt
 * finds it graded (the update only takes an open row) and stores nothing more.
 */
export async function submitAttempt(
  db: Kysely<Database>,
  input: {
    userId: string;
    quizId: QuizId;
    attemptId: string;
    answers: Record<string, string | string[]>;
  },
  now: Date = new Date(),
): Promise<SubmitAttemptResult> {
  const attempt = await db
    .selectFrom('quiz_attempts')
    .selectAll()
    .where('id', '=', input.attemptId)
    .executeTakeFirst();
  if (!attempt) return { outcome: 'unknown-attempt' };
  if (attempt.user_id !== input.userId) return { outcome: 'not-yours' };
  if (attempt.quiz_id !== input.quizId) {
    return { outcome: 'refused', message: QUIZ_MESSAGES.otherQuiz };
  }
  if (attempt.submitted_at !== null) return gradedAlready(attempt);
  const questions = QUIZ_QUESTIONS[input.quizId];
  const order = JSON.parse(attempt.option_order) as OptionOrder;
  if (!orderFits(questions, order)) return { outcome: 'changed' };
  const grading = gradeAnswers(questions, order, input.answers);
  if (!grading.ok) return { outcome: 'refused', message: grading.error };
  // One open attempt per student and quiz, stored once: no other submit can slip past this.
  const rule = await quizAttemptRule(db);
  const opensAt = nextAttemptAt(await gradedAttemptsOf(db, input.userId, input.quizId), rule, now);
  if (opensAt) return { outcome: 'wait', opensAt, rule };
  const stored = await db
    .updateTable('quiz_attempts')
    .set({
      answers: JSON.stringify(grading.answers),
      correct: grading.score.correct,
      total: grading.score.total,
      submitted_at: nowTimestamp(now),
    })
    .where('id', '=', attempt.id)
    .where('submitted_at', 'is', null)
    .executeTakeFirst();
  if (stored.numUpdatedRows === 0n) {
    // The same attempt's other submit won the moment between the read and this update.
    const winner = await db
      .selectFrom('quiz_attempts')
      .select(['id', 'correct', 'total'])
      .where('id', '=', attempt.id)
      .executeTakeFirstOrThrow();
    return gradedAlready(winner);
  }
  return { outcome: 'graded', attemptId: attempt.id, passed: hasPassed(grading.score) };
}

function gradedAlready(row: {
  id: string;
  correct: number | null;
  total: number | null;
}): SubmitAttemptResult {
  const score = { correct: row.correct ?? 0, total: row.total ?? 0 };
  return { outcome: 'graded-already', attemptId: row.id, passed: hasPassed(score) };
}

/** The academy's rule for attempts in a row, as the admins set it (decision 065). */
export async function quizAttemptRule(db: Kysely<Database>): Promise<AttemptRule> {
  const settings = await readSettings(db);
  return { inARow: settings.quizAttemptsInARow, waitMinutes: settings.quizWaitMinutes };
}

/**
 * When a student's next attempt at a quiz opens, or null when it is open now. Attempts in a
 * row are graded attempts each submitted less than the wait after the one before; once the
 * latest row holds `inARow` of them, the next opens the wait after its last. A student who
 * waited starts a new row.
 */
export function nextAttemptAt(
  attempts: readonly AttemptSummary[],
  { inARow, waitMinutes }: AttemptRule,
  now: Date,
): string | null {
  const waitMs = waitMinutes * 60_000;
  const times = attempts.map((attempt) => Date.parse(attempt.submittedAt));
  let row = times.length > 0 ? 1 : 0;
  while (row < times.length && times[row - 1]! - times[row]! < waitMs) row += 1;
  if (row < inARow) return null;
  const opensAt = times[0]! + waitMs;
  return opensAt > now.getTime() ? new Date(opensAt).toISOString() : null;
}

/** A student's graded attempts at one quiz, newest first. */
export async function gradedAttemptsOf(
  db: Kysely<Database>,
  userId: string,
  quizId: QuizId,
): Promise<AttemptSummary[]> {
  const rows = await gradedAttempts(db, userId).where('quiz_id', '=', quizId).execute();
  return rows.map(toSummary);
}

function gradedAttempts(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('quiz_attempts')
    .select(['id', 'quiz_id', 'correct', 'total', 'submitted_at'])
    .where('user_id', '=', userId)
    .where('submitted_at', 'is not', null)
    .orderBy('submitted_at', 'desc')
    .orderBy('id');
}

type GradedRow = {
  id: string;
  quiz_id: string;
  correct: number | null;
  total: number | null;
  submitted_at: string | null;
};

const toSummary = (row: GradedRow): AttemptSummary => ({
  id: row.id,
  submittedAt: row.submitted_at!,
  correct: row.correct!,
  total: row.total!,
});

/** Every graded attempt of a student's, newest first: their history's lines. */
export async function gradedQuizAttemptsOf(
  db: Kysely<Database>,
  userId: string,
): Promise<QuizAttempt[]> {
  const rows = await gradedAttempts(db, userId).execute();
  return rows.flatMap((row) => {
    const quiz = findQuiz(row.quiz_id);
    return quiz ? [{ quizId: quiz.id, ...toSummary(row) }] : [];
  });
}

/** Where a student stands on each quiz of the course: first and best score, attempts, passed. */
export async function quizStandingsOf(
  db: Kysely<Database>,
  userId: string,
): Promise<QuizStanding[]> {
  return standingsFrom(await gradedQuizAttemptsOf(db, userId));
}

/** Each quiz's standing from a student's graded attempts, newest first. */
export function standingsFrom(attempts: readonly QuizAttempt[]): QuizStanding[] {
  return QUIZ_IDS.map((quizId) =>
    standingOf(
      quizId,
      attempts.filter((attempt) => attempt.quizId === quizId),
    ),
  );
}

/** One quiz's standing from its graded attempts, newest first. */
export function standingOf(quizId: QuizId, attempts: readonly AttemptSummary[]): QuizStanding {
  // Oldest first, so that a tie keeps the earlier attempt as the best.
  const oldestFirst = [...attempts].reverse();
  const best = oldestFirst.reduce<AttemptSummary | null>(betterScore, null);
  const first = oldestFirst[0];
  return {
    quizId,
    attempts: attempts.length,
    first: first ? { correct: first.correct, total: first.total } : null,
    best: best && { correct: best.correct, total: best.total },
    passed: best !== null && hasPassed(best),
    lastAt: attempts[0]?.submittedAt ?? null,
  };
}

/** One graded attempt of the student's, with its corrections: its result page. */
export async function gradedAttemptResult(
  db: Kysely<Database>,
  userId: string,
  quizId: QuizId,
  attemptId: string,
): Promise<(AttemptSummary & { corrections: Correction[] }) | undefined> {
  const row = await db
    .selectFrom('quiz_attempts')
    .selectAll()
    .where('id', '=', attemptId)
    .where('user_id', '=', userId)
    .where('quiz_id', '=', quizId)
    .where('submitted_at', 'is not', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const order = JSON.parse(row.option_order) as OptionOrder;
  const answers = JSON.parse(row.answers ?? '{}') as Answers;
  return {
    ...toSummary(row),
    corrections: correctionsOf(QUIZ_QUESTIONS[quizId], order, answers),
  };
}
