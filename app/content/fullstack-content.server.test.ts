import {
  cardsIn,
  expectAbsoluteHttpsLinks,
  expectNoEmptySections,
} from '../../tests/support/step-content-checks';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FULLSTACK_CONTENT, FULLSTACK_WEEKS, fullstackContent } from './fullstack-content.server';
import { FULLSTACK_PROJECTS } from './projects';
import {
  FULLSTACK_NUMBERED_STEPS,
  FULLSTACK_STEP_SLUGS,
  type FullstackStepSlug,
} from './fullstack-steps';

const publicDir = fileURLToPath(new URL('../../public', import.meta.url));

/** FrontEnd weeks (SPEC §9): HTML and CSS 3, CSS framework 1, JavaScript 3 + 3, React 4. */
const FRONTEND_WEEKS = 3 + 1 + 3 + 3 + 4;
const WEEKS_PER_MONTH = 4.33;

/** The numbered steps a student studies; the conclusion is the graduation, like /fed's. */
const studySlugs = FULLSTACK_NUMBERED_STEPS.map((step) => step.slug).filter(
  (slug): slug is keyof typeof FULLSTACK_WEEKS => slug !== 'conclusion',
);

const cardsOf = (slug: FullstackStepSlug) => cardsIn(FULLSTACK_CONTENT[slug]);

const allCards = FULLSTACK_STEP_SLUGS.flatMap((slug) =>
  cardsOf(slug).map((card) => ({ slug, card })),
);

/** '3 weeks or 21 days' → 3, '1 week' → 1. */
function weeksOf(duration: string | undefined): number {
  const match = /^(\d+) weeks?(?: or (\d+) days)?$/.exec(duration ?? '');
  if (!match) throw new Error(`Unreadable duration: ${String(duration)}`);
  const weeks = Number(match[1]);
  if (match[2] !== undefined) expect(Number(match[2])).toBe(weeks * 7);
  return weeks;
}

describe('FULLSTACK_CONTENT', () => {
  it('has content for every FullStack step and nothing else', () => {
    expect(Object.keys(FULLSTACK_CONTENT).sort()).toEqual([...FULLSTACK_STEP_SLUGS].sort());
    for (const slug of FULLSTACK_STEP_SLUGS) {
      const content = FULLSTACK_CONTENT[slug];
      expect(content.slug).toBe(slug);
      expect(content.heading.trim(), slug).not.toBe('');
      expect(content.intro.trim(), slug).not.toBe('');
      expect(content.sections.length, slug).toBeGreaterThan(0);
    }
  });

  it('has no empty headings, paragraphs, list items or card fields', () => {
    for (const slug of FULLSTACK_STEP_SLUGS) expectNoEmptySections(slug, FULLSTACK_CONTENT[slug]);
    for (const { card } of allCards) {
      for (const value of Object.values(card)) expect(String(value).trim()).not.toBe('');
    }
  });

  it('contains no placeholder text', () => {
    const all = JSON.stringify(FULLSTACK_CONTENT);
    expect(all).not.toMatch(/lorem|ipsum|\bTBD\b|TODO|FIXME|undefined|NaN|\[object|example\.com/i);
  });

  it('gives a duration to every study step and none to home or the conclusion', () => {
    for (const slug of studySlugs) {
      expect(weeksOf(FULLSTACK_CONTENT[slug].duration), slug).toBe(FULLSTACK_WEEKS[slug]);
    }
    expect(FULLSTACK_CONTENT.home.duration).toBeUndefined();
    expect(FULLSTACK_CONTENT.conclusion.duration).toBeUndefined();
  });

  it('adds 12 to 20 weeks, so the whole programme reads 6 to 9 months (SPEC §9)', () => {
    const fullstackWeeks = studySlugs.reduce(
      (sum, slug) => sum + weeksOf(FULLSTACK_CONTENT[slug].duration),
      0,
    );
    expect(fullstackWeeks).toBeGreaterThanOrEqual(12);
    expect(fullstackWeeks).toBeLessThanOrEqual(20);
    const months = (FRONTEND_WEEKS + fullstackWeeks) / WEEKS_PER_MONTH;
    expect(months).toBeGreaterThanOrEqual(6);
    expect(months).toBeLessThanOrEqual(9);
    expect(JSON.stringify(FULLSTACK_CONTENT.home)).toContain(`about ${fullstackWeeks} weeks`);
  });

  it('gives every study step one course card first, with an https link', () => {
    for (const slug of studySlugs) {
      const [first] = FULLSTACK_CONTENT[slug].sections;
      expect(first?.kind, slug).toBe('cards');
      if (first?.kind !== 'cards') continue;
      expect(first.heading, slug).toBe('Course');
      expect(first.cards, slug).toHaveLength(1);
      expect(first.cards[0]?.cta, slug).toBe('Begin Course');
      expect(first.cards[0]?.image, slug).toMatch(/^\/media\/courses\/fsd-[a-z-]+\.svg$/);
      expect(new URL(first.cards[0]?.link ?? '').protocol, slug).toBe('https:');
    }
    expect(cardsOf('home')).toHaveLength(0);
    expect(cardsOf('conclusion')).toHaveLength(0);
  });

  it('uses only absolute https links', () => {
    expectAbsoluteHttpsLinks(FULLSTACK_STEP_SLUGS.map((slug) => FULLSTACK_CONTENT[slug]));
  });

  it('gives every card an existing small local image, a descriptive alt text and a call to action', () => {
    for (const { slug, card } of allCards) {
      expect(card.image, slug).toMatch(/^\/media\/courses\/[a-z-]+\.svg$/);
      const file = `${publicDir}${card.image}`;
      expect(existsSync(file), card.image).toBe(true);
      expect(statSync(file).size, card.image).toBeLessThan(6 * 1024);
      expect(card.imageAlt.trim().length, card.title).toBeGreaterThan(20);
      expect(card.imageAlt, card.title).not.toBe(card.title);
      expect(['Begin Course', 'Start Project'], card.title).toContain(card.cta);
    }
  });

  it('gives every card a title used nowhere else', () => {
    const titles = allCards.map(({ card }) => card.title);
    expect(new Set(titles).size).toBe(titles.length);
    const serialised = JSON.stringify(FULLSTACK_CONTENT);
    for (const title of titles) {
      expect(serialised.split(JSON.stringify(title).slice(1, -1)).length - 1, title).toBe(1);
    }
  });

  it('offers the full-stack projects with preview, download and solution under the academy', () => {
    const sections = FULLSTACK_CONTENT['fullstack-project'].sections.filter(
      (s) => s.kind === 'projects',
    );
    expect(sections).toHaveLength(1);
    const projects = sections[0]?.kind === 'projects' ? sections[0].projects : [];
    expect(projects.length).toBeGreaterThanOrEqual(2);
    expect(projects.length).toBeLessThanOrEqual(3);
    for (const p of projects) {
      expect(p.cta).toBe('Start Project');
      expect(p.link).toMatch(/^https:\/\/github\.com\/frontier-dev-academy\/[a-z0-9-]+$/);
      expect(new Set([p.link, p.previewURL, p.downloadURL, p.solutionURL]).size).toBe(4);
      expect(p.downloadURL).toMatch(/\.zip$/);
    }
    expect(JSON.stringify(FULLSTACK_CONTENT['fullstack-project'])).toMatch(/MERN/);
    expect(JSON.stringify(FULLSTACK_CONTENT['fullstack-project'])).toMatch(/[Dd]eploy/);
  });

  it('covers the topics the issue names for each step', () => {
    const text = (slug: FullstackStepSlug) => JSON.stringify(FULLSTACK_CONTENT[slug]);
    expect(text('home')).toMatch(/backend/i);
    expect(text('home')).toMatch(/FrontEnd track/);
    expect(text('node')).toMatch(/npm/);
    expect(text('node')).toMatch(/HTTP/);
    expect(text('express')).toMatch(/[Mm]iddleware/);
    expect(text('express')).toMatch(/REST/);
    expect(text('mongodb')).toMatch(/Mongoose/);
    expect(text('mongodb')).toMatch(/[Ii]ndex/);
    expect(text('authentication')).toMatch(/[Hh]ashing/);
    expect(text('authentication')).toMatch(/OWASP/);
    expect(text('deployment')).toMatch(/[Ee]nvironment variables/);
    expect(text('deployment')).toMatch(/[Ll]ogs/);
    expect(text('conclusion')).toContain('FullStack Developer Bootcamp');
    expect(text('conclusion')).not.toMatch(/lecture/i);
  });
});

describe('FULLSTACK_PROJECTS', () => {
  it('has unique kebab-case ids on FullStack steps', () => {
    const ids = FULLSTACK_PROJECTS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of FULLSTACK_PROJECTS) {
      expect(p.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(FULLSTACK_STEP_SLUGS).toContain(p.step);
      expect(p.title.trim()).not.toBe('');
    }
  });

  it('names every project card, and every project a step page asks for', () => {
    for (const p of FULLSTACK_PROJECTS) {
      expect(JSON.stringify(FULLSTACK_CONTENT[p.step]), p.id).toContain(p.title);
    }
    const cards = FULLSTACK_STEP_SLUGS.flatMap((slug) =>
      FULLSTACK_CONTENT[slug].sections.flatMap((s) =>
        s.kind === 'projects' ? s.projects.map((card) => ({ slug, card })) : [],
      ),
    );
    for (const { slug, card } of cards) {
      const id = card.link.split('/').pop();
      expect(FULLSTACK_PROJECTS, card.title).toContainEqual({
        id,
        title: card.title,
        track: 'fullstack',
        step: slug,
      });
    }
  });
});

describe('fullstackContent', () => {
  it('returns the content of each slug', () => {
    for (const slug of FULLSTACK_STEP_SLUGS) {
      expect(fullstackContent(slug)).toBe(FULLSTACK_CONTENT[slug]);
    }
  });

  it('refuses an unknown slug', () => {
    expect(() => fullstackContent('admin' as FullstackStepSlug)).toThrow(RangeError);
  });
});
