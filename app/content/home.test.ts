import { describe, it, expect } from 'vitest';
import { about, contactStrip, curriculum, faqSection, hero, startCard, tracks } from './home';

describe('home content', () => {
  it('has two or three About us paragraphs and a play label', () => {
    expect(about.paragraphs.length).toBeGreaterThanOrEqual(2);
    expect(about.paragraphs.length).toBeLessThanOrEqual(3);
    expect(about.playLabel).toContain('Why learn web development with us');
  });

  it('has no empty text', () => {
    const texts = [
      hero.welcome,
      curriculum.heading,
      curriculum.intro,
      startCard.text,
      faqSection.intro,
      contactStrip.heading,
      contactStrip.text,
      ...about.paragraphs,
      ...tracks.flatMap((t) => [t.summary, ...t.topics.map((topic) => topic.detail)]),
    ];
    for (const text of texts) expect(text.trim()).not.toBe('');
  });
});
