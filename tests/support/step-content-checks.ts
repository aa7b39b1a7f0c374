import { expect } from 'vitest';
import type { CourseCard, StepContent } from '../../app/content/course-content.types';

/** A step's sections hold no empty heading, paragraph, list item, or empty list of cards. */
export function expectNoEmptySections(slug: string, content: Pick<StepContent, 'sections'>) {
  for (const section of content.sections) {
    expect(section.heading.trim(), slug).not.toBe('');
    if (section.kind === 'text') {
      expect(section.paragraphs.length, slug).toBeGreaterThan(0);
      for (const p of section.paragraphs) expect(p.trim(), slug).not.toBe('');
    }
    if (section.kind === 'list') {
      expect(section.items.length, slug).toBeGreaterThan(0);
      for (const item of section.items) {
        expect(item.title.trim(), slug).not.toBe('');
        expect(item.description.trim(), slug).not.toBe('');
      }
    }
    if (section.kind === 'cards') expect(section.cards.length, slug).toBeGreaterThan(0);
    if (section.kind === 'projects') expect(section.projects.length, slug).toBeGreaterThan(0);
  }
}

/** Course, quiz and project cards of a step, in page order. */
export function cardsIn(content: Pick<StepContent, 'sections'>): CourseCard[] {
  return content.sections.flatMap((s) =>
    s.kind === 'cards' ? s.cards : s.kind === 'projects' ? s.projects : [],
  );
}

/** Every link the steps send to the browser is absolute https, written as a URL writes it. */
export function expectAbsoluteHttpsLinks(contents: Pick<StepContent, 'sections'>[]) {
  const links = contents.flatMap((content) =>
    content.sections.flatMap((s) => {
      if (s.kind === 'cards') return s.cards.map((c) => c.link);
      if (s.kind === 'projects')
        return s.projects.flatMap((p) => [p.link, p.previewURL, p.downloadURL, p.solutionURL]);
      return [];
    }),
  );
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) {
    const url = new URL(link);
    expect(url.protocol, link).toBe('https:');
    expect(url.href, link).toBe(link);
  }
}
