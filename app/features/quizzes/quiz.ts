import { PASS_PERCENT, type QuestionKind, type QuizId } from '~/content/quizzes';
import { formatDateTimeUtc, plural } from '~/lib/format';

/**
 * What a quiz page may hold (decision 046): the questions without their answer key, and, after
 * grading, the corrections of one attempt. Client-safe; the key stays in
 * `quiz-questions.server.ts`.
 */

/** A question as the form shows it: options in this attempt's order, named by position. */
export interface PaperQuestion {
  id: string;
  kind: QuestionKind;
  prompt: string;
  code?: string;
  /** `value` is the option's position in this attempt: it says nothing about the answer. */
  options: { value: string; text: string }[];
}

interface CorrectedQuestion {
  id: string;
  kind: QuestionKind;
  prompt: string;
  code?: string;
  right: boolean;
}

/**
 * One graded question: what was chosen, what was right, and why. A question left unanswered
 * shows its options only, without the key or the explanation (decision 065): a blank attempt
 * must not hand over the key.
 */
export type Correction =
  | (CorrectedQuestion & {
      answered: true;
      options: { text: string; chosen: boolean; correct: boolean }[];
      explanation: string;
    })
  | (CorrectedQuestion & { answered: false; right: false; options: { text: string }[] });

export interface Score {
  correct: number;
  total: number;
}

/** A graded attempt in a list: when, and how it went. */
export interface AttemptSummary extends Score {
  id: string;
  submittedAt: string;
}

/** A graded attempt at one of the course's quizzes. */
export interface QuizAttempt extends AttemptSummary {
  quizId: QuizId;
}

/** Where a student stands on one quiz: their best attempt counts, their first is kept beside it. */
export interface QuizStanding {
  quizId: QuizId;
  attempts: number;
  first: Score | null;
  best: Score | null;
  passed: boolean;
  lastAt: string | null;
}

/** The form's fields: the attempt, and one per question (`answer.{question id}`). */
export const ATTEMPT_FIELD = 'attempt';
export const ANSWER_FIELD_PREFIX = 'answer.';

export const answerField = (questionId: string) => `${ANSWER_FIELD_PREFIX}${questionId}`;

/** Passed at PASS_PERCENT or more, on the exact share (11 of 16 is 68.75 %: not passed). */
export function hasPassed({ correct, total }: Score): boolean {
  return total > 0 && correct * 100 >= PASS_PERCENT * total;
}

export function percentOf({ correct, total }: Score): number {
  return total === 0 ? 0 : Math.round((correct * 100) / total);
}

/** "11 of 14, 79 %". */
export function scoreLine(score: Score): string {
  return `${score.correct} of ${score.total}, ${percentOf(score)} %`;
}

/** The better of two scores by share; on a tie the first (the earlier) stays. */
export function betterScore<S extends Score>(best: S | null, next: S): S {
  return best && best.correct * next.total >= next.correct * best.total ? best : next;
}

/**
 * How many attempts at a quiz a student may make in a row, and how long the next one then
 * waits (decision 065; admins set both at /admin/settings).
 */
export interface AttemptRule {
  inARow: number;
  waitMinutes: number;
}

/** "You may make 3 attempts in a row; the next one then waits 10 minutes." */
export const attemptRuleLine = ({ inARow, waitMinutes }: AttemptRule) =>
  `You may make ${plural(inARow, 'attempt')} in a row; the next one then waits ${plural(waitMinutes, 'minute')}.`;

export const QUIZ_MESSAGES = {
  /** The page of a quiz whose next attempt is not open yet, and an early submit's refusal. */
  waitForNext: (opensAt: string, rule: AttemptRule) =>
    `Your next attempt opens at ${formatDateTimeUtc(opensAt)}. ${attemptRuleLine(rule)}`,
  signInToTake: 'Sign in to take this quiz: your score and the corrections are kept for you.',
  unknownAttempt: 'This attempt does not exist. Reload the page to start the quiz again.',
  notYours: 'This attempt belongs to someone else.',
  otherQuiz: 'This attempt belongs to another quiz.',
  changed: 'The quiz changed since you opened it. Reload the page to take it again.',
  unknownQuestion: 'An answer is for a question that is not in this attempt.',
  unknownOption: 'An answer is not one of its question’s options.',
  answeredTwice: 'A question was answered twice.',
} as const;
