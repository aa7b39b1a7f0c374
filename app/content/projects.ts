import type { StepSlug } from './course-steps';
import type { FullstackStepSlug } from './fullstack-steps';

/**
 * Every project a student hands in for review, with ids that never change: a submission
 * stores the id. Public (titles and the step each belongs to): the step pages' words stay
 * in the server-only content modules, and tests keep the two in step. Step 3's ids and the
 * Full-stack project step's are the names of their repositories on the project cards.
 * `step` is the page that carries the project and its Submit form: `/fed/{step}` for the
 * FrontEnd track, `/fsd/{step}` for the FullStack one (decision 047).
 */
export type Project = {
  id: string;
  title: string;
  /** What to build, for a project the step page names without a card of its own. */
  brief?: string;
} & ({ track: 'frontend'; step: StepSlug } | { track: 'fullstack'; step: FullstackStepSlug });

export type ProjectTrack = Project['track'];

/** Step 7's final project: the React step names it in its plan, without a project card. */
export const FINAL_PROJECT = {
  id: 'react-final-project',
  title: 'Final React project',
  track: 'frontend',
  step: 'react',
  brief:
    'Build and deploy a complete multi-page application with React Router: your portfolio piece for the end of the bootcamp.',
} as const satisfies Project;

/** The FrontEnd course's seven projects: the certificate asks for every one of them approved. */
export const FRONTEND_PROJECTS = [
  {
    id: 'personal-profile-page',
    title: 'Personal Profile Page',
    track: 'frontend',
    step: 'html-css-test',
  },
  {
    id: 'responsive-landing-page',
    title: 'Responsive Landing Page',
    track: 'frontend',
    step: 'html-css-test',
  },
  {
    id: 'restaurant-menu',
    title: 'Restaurant Menu and Pricing Table',
    track: 'frontend',
    step: 'html-css-test',
  },
  {
    id: 'number-guessing-game',
    title: 'Number guessing game',
    track: 'frontend',
    step: 'javascript2',
  },
  { id: 'to-do-list', title: 'To-do list', track: 'frontend', step: 'javascript2' },
  { id: 'weather-app', title: 'Weather app', track: 'frontend', step: 'javascript2' },
  FINAL_PROJECT,
] as const satisfies readonly Project[];

/** The FullStack track's projects (decision 047), on its Express, MongoDB and project steps. */
export const FULLSTACK_PROJECTS = [
  { id: 'bookshelf-rest-api', title: 'Bookshelf REST API', track: 'fullstack', step: 'express' },
  {
    id: 'recipe-book-api',
    title: 'Recipe Book API with MongoDB',
    track: 'fullstack',
    step: 'mongodb',
  },
  {
    id: 'blog-api',
    title: 'Blog API with User Accounts',
    track: 'fullstack',
    step: 'fullstack-project',
  },
  {
    id: 'mern-task-manager',
    title: 'MERN Task Manager',
    track: 'fullstack',
    step: 'fullstack-project',
  },
] as const satisfies readonly Project[];

export const FRONTEND_PROJECT_COUNT = FRONTEND_PROJECTS.length;

/** One track's catalogue: its course home counts these. */
export function projectsOfTrack(track: ProjectTrack): readonly Project[] {
  return track === 'fullstack' ? FULLSTACK_PROJECTS : FRONTEND_PROJECTS;
}

export function findProject(id: string): Project | undefined {
  return [...FRONTEND_PROJECTS, ...FULLSTACK_PROJECTS].find((project) => project.id === id);
}

/** The projects a step's page carries: both areas have a `home` and a `conclusion`. */
export function projectsOfStep(track: ProjectTrack, step: string): Project[] {
  return projectsOfTrack(track).filter((project) => project.step === step);
}

/** The page that carries a project and its Submit form: where e-mails and summaries lead. */
export function projectPagePath(project: Project): string {
  return `/${project.track === 'fullstack' ? 'fsd' : 'fed'}/${project.step}`;
}
