import type { ContentStepSlug } from './course-steps';

/** SPEC §3: a course or quiz card. External links open in a new tab. */
export interface CourseCard {
  title: string;
  description: string;
  /** A local image under /media/courses/, 640×360. */
  image: string;
  imageAlt: string;
  link: string;
  cta: string;
}

/** SPEC §3: a project card also links to a preview, the starter files and a solution. */
export interface ProjectCard extends CourseCard {
  previewURL: string;
  downloadURL: string;
  solutionURL: string;
}

export type StepSection =
  | { kind: 'text'; heading: string; paragraphs: string[] }
  | { kind: 'list'; heading: string; items: { title: string; description: string }[] }
  | { kind: 'cards'; heading: string; cards: CourseCard[] }
  | { kind: 'projects'; heading: string; projects: ProjectCard[] };

export interface StepContent {
  slug: ContentStepSlug;
  heading: string;
  intro: string;
  /** e.g. '3 weeks or 21 days'. */
  duration?: string;
  sections: StepSection[];
}
