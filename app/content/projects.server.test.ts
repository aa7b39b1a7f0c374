import { describe, expect, it } from 'vitest';
import { courseContent } from './course-content.server';
import { findCourseStep } from './course-steps';
import {
  findProject,
  FRONTEND_PROJECT_COUNT,
  FRONTEND_PROJECTS,
  FULLSTACK_PROJECTS,
  projectPagePath,
  projectsOfStep,
} from './projects';

describe('the project catalogue', () => {
  it('has the seven projects of Steps 3, 6 and 7, with unique ids', () => {
    expect(FRONTEND_PROJECT_COUNT).toBe(7);
    expect(new Set(FRONTEND_PROJECTS.map((project) => project.id)).size).toBe(7);
    expect(projectsOfStep('frontend', 'html-css-test')).toHaveLength(3);
    expect(projectsOfStep('frontend', 'javascript2')).toHaveLength(3);
    expect(projectsOfStep('frontend', 'react')).toHaveLength(1);
    for (const project of FRONTEND_PROJECTS)
      expect(findCourseStep(project.step)?.number).toBeDefined();
    expect(findProject('no-such-project')).toBeUndefined();
  });

  it('finds the FullStack projects too, on their own pages, never on a FrontEnd step', () => {
    const ids = [...FRONTEND_PROJECTS, ...FULLSTACK_PROJECTS].map((project) => project.id);
    expect(new Set(ids).size).toBe(11);
    expect(findProject('bookshelf-rest-api')).toMatchObject({ track: 'fullstack' });
    expect(projectPagePath(findProject('bookshelf-rest-api')!)).toBe('/fsd/express');
    expect(projectPagePath(findProject('weather-app')!)).toBe('/fed/javascript2');
    expect(projectsOfStep('fullstack', 'fullstack-project').map((project) => project.id)).toEqual([
      'blog-api',
      'mern-task-manager',
    ]);
    expect(projectsOfStep('frontend', 'express')).toEqual([]);
  });

  it('names Step 3’s project cards by their repositories, with the cards’ titles', () => {
    const cards = courseContent('html-css-test').sections.flatMap((section) =>
      section.kind === 'projects' ? section.projects : [],
    );
    expect(cards.map((card) => ({ id: card.link.split('/').pop(), title: card.title }))).toEqual(
      projectsOfStep('frontend', 'html-css-test').map((project) => ({
        id: project.id,
        title: project.title,
      })),
    );
  });

  it('names the projects Steps 6 and 7 list, as their pages do', () => {
    const listed = courseContent('javascript2').sections.flatMap((section) =>
      section.kind === 'list' ? section.items.map((item) => item.title) : [],
    );
    expect(listed).toEqual(
      expect.arrayContaining(
        projectsOfStep('frontend', 'javascript2').map((project) => project.title),
      ),
    );
    const finalProject = courseContent('react')
      .sections.flatMap((section) => (section.kind === 'list' ? section.items : []))
      .find((item) => item.title.endsWith('Final project'));
    expect(finalProject?.description).toBe(findProject('react-final-project')?.brief);
  });
});
