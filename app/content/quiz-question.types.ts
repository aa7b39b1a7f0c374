/** The shape of a quiz's questions and answer key (their content is server-only). */
import type { QuestionKind } from './quizzes';

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
