/**
 * The questions of the course's quizzes and their answer key. Server-only: a quiz page sends
 * the questions without the key, and a students-only quiz's questions go only to those who
 * may read its step (`paperOf` in `quiz-grading.server.ts` makes what the page may show).
 */
import { HTML_CSS_QUESTIONS } from './quiz-questions/html-css.server';
import { JAVASCRIPT_QUESTIONS } from './quiz-questions/javascript.server';
import { REACT_QUESTIONS } from './quiz-questions/react.server';
import type { QuizQuestion } from './quiz-question.types';
import type { QuizId } from './quizzes';

export const QUIZ_QUESTIONS: Record<QuizId, readonly QuizQuestion[]> = {
  'html-css': HTML_CSS_QUESTIONS,
  javascript: JAVASCRIPT_QUESTIONS,
  react: REACT_QUESTIONS,
};
