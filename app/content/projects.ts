import type { StepSlug } from './course-steps';

/**
 * The seven projects a student hands in for review (issue 26), with ids that never change:
 * a submission stores the id. Public (titles and the step each belongs to): the step
 * pages' words stay in `course-content.server.ts`, and a test keeps the two in step.
 * Step 3's ids are the names of their repositories on the project cards.
 */
export interface Project {
  id: string;
  title: string;
  /** The step whose page carries the project and its Submit form. */
  step: StepSlug;
  /** What to build, for a project the step page names without a card of its own. */
  brief?: string;
}

/** Step 7's final project: the React step names it in its plan, without a project card. */
export const FINAL_PROJECT = {
  id: 'react-final-project',
  title: 'Final React project',
  step: 'react',
  brief:
    'Build and deploy a complete multi-page application with React Router: your portfolio piece for the end of the bootcamp.',
} as const satisfies Project;

export const PROJECTS = [
  { id: 'personal-profile-page', title: 'Personal Profile Page', step: 'html-css-test' },
  { id: 'responsive-landing-page', title: 'Responsive Landing Page', step: 'html-css-test' },
  {
    id: 'restaurant-menu',
    title: 'Restaurant Menu and Pricing Table',
    step: 'html-css-test',
  },
  { id: 'number-guessing-game', title: 'Number guessing game', step: 'javascript2' },
  { id: 'to-do-list', title: 'To-do list', step: 'javascript2' },
  { id: 'weather-app', title: 'Weather app', step: 'javascript2' },
  FINAL_PROJECT,
] as const satisfies readonly Project[];

export type ProjectId = (typeof PROJECTS)[number]['id'];

export const PROJECT_COUNT = PROJECTS.length;

export function findProject(id: string): Project | undefined {
  return PROJECTS.find((project) => project.id === id);
}

export function projectsOfStep(step: StepSlug): Project[] {
  return PROJECTS.filter((project) => project.step === step);
}
