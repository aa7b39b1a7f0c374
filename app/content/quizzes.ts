import type { StepSlug } from './course-steps';

/**
 * The course's three quizzes (decision 046): what the menu, the steps and the mentors may know
 * of them. Public: titles, pages and the step each checks. The questions and their answers
 * live in `quiz-questions.server.ts`, which never reaches the browser.
 */
export interface Quiz {
  /** Stored on every attempt: never changes. */
  id: QuizId;
  title: string;
  /** The quiz's page under /fed/. */
  page: string;
  /** The step whose material it checks: its page links here, and its guard is the quiz's. */
  step: StepSlug;
  /** Level-1 students, mentors and admins only, like its step. */
  studentsOnly: boolean;
  /** What it checks, for the quiz page's introduction. */
  covers: string;
}

/**
 * `single`: one correct option (radio buttons). `multiple`: "select all that apply", two or
 * more correct options (checkboxes). `code`: a short code block and "what does this print /
 * render?", one correct option.
 */
export type QuestionKind = 'single' | 'multiple' | 'code';

export const QUIZ_IDS = ['html-css', 'javascript', 'react'] as const;

export type QuizId = (typeof QUIZ_IDS)[number];

export const QUIZZES = [
  {
    id: 'html-css',
    title: 'HTML & CSS Quiz',
    page: 'html-css-quiz',
    step: 'html-css',
    studentsOnly: false,
    covers:
      'Semantic HTML, links, images, tables and forms, then selectors, the cascade, the box model, units, flexbox, grid and media queries: the material of Step 2.',
  },
  {
    id: 'javascript',
    title: 'JavaScript Quiz',
    page: 'javascript-quiz',
    step: 'javascript',
    studentsOnly: true,
    covers:
      'Variables and scope, types and equality, functions and closures, arrays and objects, promises and async/await, modules and the DOM: the material of Step 5.',
  },
  {
    id: 'react',
    title: 'React Quiz',
    page: 'react-quiz',
    step: 'react',
    studentsOnly: true,
    covers:
      'Components and JSX, props, lists and keys, state, events, effects, refs, forms, context and what is new in React 19: the material of Step 7.',
  },
] as const satisfies readonly Quiz[];

/** A quiz is passed at this share of right answers or more. */
export const PASS_PERCENT = 70;

export function findQuiz(id: string | undefined): Quiz | undefined {
  return QUIZZES.find((quiz) => quiz.id === id);
}

export function quizOfPage(page: string | undefined): Quiz | undefined {
  return QUIZZES.find((quiz) => quiz.page === page);
}

export function quizOfStep(step: StepSlug): Quiz | undefined {
  return QUIZZES.find((quiz) => quiz.step === step);
}
