import { describe, expect, it } from 'vitest';
import { courseContent } from '~/content/course-content.server';
import { renderStepContent } from './step-content.server';

describe('renderStepContent', () => {
  it('renders each section once per key and hands a document its HTML outside the data', () => {
    const content = courseContent('javascript');
    const fragments = new Map<string, string>();
    const forDocument = renderStepContent('test/javascript', content, fragments);
    expect(forDocument.heading).toBe(content.heading);
    expect(forDocument.sections.map((section) => section.heading)).toEqual(
      content.sections.map((section) => section.heading),
    );
    // The document's data names the fragments and carries none of the material.
    expect(forDocument.sections.every((section) => section.html === undefined)).toBe(true);
    const firstCard = content.sections.find((section) => section.kind === 'cards')!;
    const html = [...fragments.values()].join('');
    expect(html).toContain(firstCard.cards[0]!.link);
    expect(JSON.stringify(forDocument)).not.toContain(firstCard.cards[0]!.link);

    // A data request gets the same HTML in its data; a second render reads the cache.
    const forData = renderStepContent('test/javascript', content, undefined);
    expect(forData.sections.map((section) => section.html)).toEqual([...fragments.values()]);
    // The key names the step's version: the same key is not rendered again.
    const changed = {
      ...content,
      sections: content.sections.map((section) =>
        section.kind === 'cards'
          ? {
              ...section,
              cards: section.cards.map((card) => ({ ...card, link: 'https://x.test' })),
            }
          : section,
      ),
    };
    const cached = renderStepContent('test/javascript', changed, undefined);
    expect(cached.sections.map((section) => section.html).join('')).not.toContain('x.test');
  });
});
