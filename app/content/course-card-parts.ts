import type { ProjectCard } from './course-content.types';

/**
 * What the FrontEnd and FullStack steps' cards share (SPEC §3): their buttons' words and the
 * project cards, which all stand under the academy's GitHub organisation.
 */
export const BEGIN_COURSE = 'Begin Course';
export const TAKE_QUIZ = 'Take Quiz';
const START_PROJECT = 'Start Project';

const PROJECT_IMAGE = {
  image: '/media/courses/project.svg',
  imageAlt:
    'Project illustration: a browser window showing a web page with a banner and three content cards',
};

/** A project published under the academy's GitHub organisation, with its three links. */
export function project(
  name: string,
  card: Pick<ProjectCard, 'title' | 'description'>,
): ProjectCard {
  const repository = `https://github.com/frontier-dev-academy/${name}`;
  return {
    ...card,
    ...PROJECT_IMAGE,
    link: repository,
    cta: START_PROJECT,
    previewURL: `https://frontier-dev-academy.github.io/${name}/`,
    downloadURL: `${repository}/archive/refs/heads/main.zip`,
    solutionURL: `${repository}/tree/solution`,
  };
}
