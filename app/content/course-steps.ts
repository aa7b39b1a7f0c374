/**
 * The student area's steps as the menu shows them. Public: only labels and order. What a
 * step contains lives in `course-content.server.ts`, which never reaches the browser.
 */
export const STEP_SLUGS = [
  'home',
  'roadmap',
  'html-css',
  'html-css-quiz',
  'html-css-test',
  'css-framework',
  'javascript',
  'javascript2',
  'react',
  'conclusion',
] as const;

export type StepSlug = (typeof STEP_SLUGS)[number];

/** The quiz page is the quiz's own (`app/content/quizzes.ts`); every other step has content. */
export const QUIZ_STEP = 'html-css-quiz';

export type ContentStepSlug = Exclude<StepSlug, typeof QUIZ_STEP>;

export const CONTENT_STEP_SLUGS = STEP_SLUGS.filter(
  (slug): slug is ContentStepSlug => slug !== QUIZ_STEP,
);

export interface CourseStep {
  slug: StepSlug;
  /** The label in the side menu and the page title. */
  label: string;
  /** SPEC §2's step number; home and the quiz page have none. */
  number?: number;
  /** Level-1 students and admins only (SPEC §6, DESIGN.md §6). */
  studentsOnly: boolean;
  /** The quiz page exists but is reached from its step, not from the menu. */
  inMenu: boolean;
}

export const COURSE_STEPS: readonly CourseStep[] = [
  { slug: 'home', label: 'Introduction', studentsOnly: false, inMenu: true },
  { slug: 'roadmap', label: 'Roadmap', number: 1, studentsOnly: false, inMenu: true },
  { slug: 'html-css', label: 'HTML & CSS', number: 2, studentsOnly: false, inMenu: true },
  { slug: 'html-css-quiz', label: 'HTML & CSS Quiz', studentsOnly: false, inMenu: false },
  {
    slug: 'html-css-test',
    label: 'HTML & CSS Projects',
    number: 3,
    studentsOnly: false,
    inMenu: true,
  },
  { slug: 'css-framework', label: 'CSS Framework', number: 4, studentsOnly: true, inMenu: true },
  { slug: 'javascript', label: 'JavaScript', number: 5, studentsOnly: true, inMenu: true },
  {
    slug: 'javascript2',
    label: 'JavaScript Projects',
    number: 6,
    studentsOnly: true,
    inMenu: true,
  },
  { slug: 'react', label: 'React', number: 7, studentsOnly: true, inMenu: true },
  { slug: 'conclusion', label: 'Conclusion', number: 8, studentsOnly: true, inMenu: true },
];

export function findCourseStep(slug: string | undefined): CourseStep | undefined {
  return COURSE_STEPS.find((step) => step.slug === slug);
}

/** A step with content of its own: any step but the quiz page. */
export function findContentStep(
  slug: string | undefined,
): (CourseStep & { slug: ContentStepSlug }) | undefined {
  const step = findCourseStep(slug);
  return step && step.slug !== QUIZ_STEP ? { ...step, slug: step.slug } : undefined;
}

/** The steps in reading order, for previous/next links: the menu's order. */
export function neighbourSteps(slug: StepSlug): { previous?: CourseStep; next?: CourseStep } {
  const path = COURSE_STEPS.filter((step) => step.inMenu);
  const index = path.findIndex((step) => step.slug === slug);
  if (index === -1) return {};
  return { previous: path[index - 1], next: path[index + 1] };
}
