/**
 * The questions of the course's quizzes and their answer key. Server-only: a quiz page sends
 * the questions without the key, and a students-only quiz's questions go only to those who
 * may read its step (`paperOf` in `quiz-grading.server.ts` makes what the page may show).
 */
import { HTML_CSS_QUESTIONS } from './quiz-questions/html-css.server';
import { JAVASCRIPT_QUESTIONS } from './quiz-questions/javascript.server';
import { REACT_QUESTIONS } from './quiz-questions/react.server';
import type { QuestionKind, QuizId } from './quizzes';

export interface QuizOption {
  /** Unique within its question; stored in attempts, never sent to the browser. */
  id: string;
  /** Shown as written; text between backticks is shown as code. */
  text: string;
  correct: boolean;
}

export interface QuizQuestion {
  /** Unique within its quiz, stored in attempts: never changes once published. */
  id: string;
  kind: QuestionKind;
  /** The question; text between backticks is shown as code. */
  prompt: string;
  /** `code` questions only: the snippet, shown in `<pre><code>` as written. */
  code?: string;
  options: readonly QuizOption[];
  /** One or two sentences shown after grading: why the right answer is right. */
  explanation: string;
}

export const QUIZ_QUESTIONS: Record<QuizId, readonly QuizQuestion[]> = {
  'html-css': HTML_CSS_QUESTIONS,
  javascript: JAVASCRIPT_QUESTIONS,
  react: REACT_QUESTIONS,
};
