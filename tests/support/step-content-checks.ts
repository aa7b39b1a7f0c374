import { expect } from 'vitest';
import type { StepContent } from '../../app/content/course-content.types';

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
