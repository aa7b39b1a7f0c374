import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COURSE_CONTENT, courseContent } from './course-content.server';
import type { StepContent, StepSection } from './course-content.types';
import { CONTENT_STEP_SLUGS, COURSE_STEPS, QUIZ_STEP, type ContentStepSlug } from './course-steps';
import { site } from './site';
import {
  cardsIn,
  expectAbsoluteHttpsLinks,
  expectNoEmptySections,
} from '../../tests/support/step-content-checks';

const publicDir = fileURLToPath(new URL('../../public', import.meta.url));

function sectionsOf<K extends StepSection['kind']>(
  slug: ContentStepSlug,
  kind: K,
): Extract<StepSection, { kind: K }>[] {
  return COURSE_CONTENT[slug].sections.filter(
    (s): s is Extract<StepSection, { kind: K }> => s.kind === kind,
  );
}

const cardsOf = (slug: ContentStepSlug) => cardsIn(COURSE_CONTENT[slug]);

const allCards = CONTENT_STEP_SLUGS.flatMap((slug) =>
  cardsOf(slug).map((card) => ({ slug, card })),
);

/** All of a step's words, for "mentions" checks. */
function textOf(content: StepContent): string {
  return JSON.stringify(content);
}

const protectedSlugs = CONTENT_STEP_SLUGS.filter(
  (slug) => COURSE_STEPS.find((s) => s.slug === slug)?.studentsOnly,
);
const publicSlugs = CONTENT_STEP_SLUGS.filter((slug) => !protectedSlugs.includes(slug));

describe('COURSE_CONTENT', () => {
  it('has content for every step but the quiz page, and nothing else', () => {
    expect(CONTENT_STEP_SLUGS).not.toContain(QUIZ_STEP);
    expect(Object.keys(COURSE_CONTENT).sort()).toEqual([...CONTENT_STEP_SLUGS].sort());
    for (const slug of CONTENT_STEP_SLUGS) {
      const content = COURSE_CONTENT[slug];
      expect(content.slug).toBe(slug);
      expect(content.heading.trim()).not.toBe('');
      expect(content.intro.trim()).not.toBe('');
      expect(content.sections.length).toBeGreaterThan(0);
    }
  });

  it('has no empty headings, paragraphs or list items', () => {
    for (const slug of CONTENT_STEP_SLUGS) expectNoEmptySections(slug, COURSE_CONTENT[slug]);
  });

  it('contains no placeholder text', () => {
    const all = JSON.stringify(COURSE_CONTENT);
    expect(all).not.toMatch(/lorem|ipsum|\bTBD\b|TODO|FIXME|undefined|NaN|\[object|example\.com/i);
  });

  it('gives the course durations of SPEC §9', () => {
    expect(COURSE_CONTENT['html-css'].duration).toBe('3 weeks');
    expect(COURSE_CONTENT['css-framework'].duration).toBe('1 week');
    expect(COURSE_CONTENT.javascript.duration).toBe('3 weeks or 21 days');
    expect(COURSE_CONTENT.javascript2.duration).toBe('3 weeks or 21 days');
    expect(COURSE_CONTENT.react.duration).toBe('4 weeks or 28 days');
  });

  it('introduces the bootcamp on home with the academy facts', () => {
    const home = COURSE_CONTENT.home;
    expect(home.heading).toMatch(/Welcome to the FrontEnd Developer Bootcamp/);
    expect(home.sections.some((s) => s.kind === 'text')).toBe(true);
    const branches = sectionsOf('home', 'list').find((s) =>
      s.items.some((i) => i.title === 'Frontend'),
    );
    expect(branches?.items.map((i) => i.title)).toEqual(['Frontend', 'Backend', 'Full stack']);
    const text = textOf(home);
    expect(text).toContain(`${site.duration.minMonths} to ${site.duration.maxMonths} months`);
    expect(text).toContain(`${site.dailyHours.min} to ${site.dailyHours.max} hours a day`);
    for (const word of ['Live classes', 'Mentorship', 'Steps', 'Projects', 'Quizzes']) {
      expect(text).toContain(word);
    }
    expect(text).toMatch(/goals/i);
    expect(text).toContain('certificate of completion');
  });

  it('lists the roadmap stages exactly in order, each described', () => {
    const lists = sectionsOf('roadmap', 'list');
    expect(lists).toHaveLength(1);
    const items = lists[0]?.items ?? [];
    expect(items.map((i) => i.title)).toEqual([
      'HTML',
      'CSS',
      'CSS Framework',
      'JavaScript',
      'Git and GitHub',
      'React',
      'What Next',
    ]);
    for (const item of items) {
      const sentences = item.description.split(/[.!?](?:\s|$)/).filter((s) => s.trim() !== '');
      expect(sentences.length, item.title).toBeGreaterThanOrEqual(1);
      expect(sentences.length, item.title).toBeLessThanOrEqual(2);
    }
  });

  it('shows one course card and two quiz cards on html-css', () => {
    const [courses, quizzes, ...rest] = sectionsOf('html-css', 'cards');
    expect(rest).toHaveLength(0);
    expect(courses?.cards).toHaveLength(1);
    expect(courses?.cards[0]?.cta).toBe('Begin Course');
    expect(courses?.cards[0]?.image).toBe('/media/courses/html-css.svg');
    expect(quizzes?.cards).toHaveLength(2);
    for (const quiz of quizzes?.cards ?? []) {
      expect(quiz.cta).toBe('Take Quiz');
      expect(quiz.image).toBe('/media/courses/quiz.svg');
    }
    expect(quizzes?.cards.map((c) => c.title).join(' ')).toMatch(/HTML.*CSS/);
  });

  it('offers three html-css-test projects, each with preview, download and solution', () => {
    const sections = sectionsOf('html-css-test', 'projects');
    expect(sections).toHaveLength(1);
    const projects = sections[0]?.projects ?? [];
    expect(projects).toHaveLength(3);
    for (const p of projects) {
      expect(p.cta).toBe('Start Project');
      expect(p.image).toBe('/media/courses/project.svg');
      for (const url of [p.previewURL, p.downloadURL, p.solutionURL]) {
        expect(new URL(url).protocol, p.title).toBe('https:');
      }
      expect(new Set([p.link, p.previewURL, p.downloadURL, p.solutionURL]).size).toBe(4);
      expect(p.downloadURL).toMatch(/\.zip$/);
    }
    expect(cardsOf('html-css-test')).toHaveLength(3);
  });

  it('teaches Bootstrap on css-framework with a Begin Course card', () => {
    const cards = cardsOf('css-framework');
    expect(cards).toHaveLength(1);
    expect(cards[0]?.title).toMatch(/Bootstrap/);
    expect(cards[0]?.cta).toBe('Begin Course');
    expect(cards[0]?.image).toBe('/media/courses/bootstrap.svg');
  });

  it('has a course and a quiz on javascript, and a course on javascript2 and react', () => {
    expect(cardsOf('javascript').map((c) => [c.image, c.cta])).toEqual([
      ['/media/courses/javascript.svg', 'Begin Course'],
      ['/media/courses/quiz.svg', 'Take Quiz'],
    ]);
    expect(cardsOf('javascript2').map((c) => c.image)).toEqual([
      '/media/courses/javascript-projects.svg',
    ]);
    expect(cardsOf('react').map((c) => c.image)).toEqual(['/media/courses/react.svg']);
  });

  it('covers the five graduation topics and says the time is communicated later', () => {
    const conclusion = COURSE_CONTENT.conclusion;
    expect(conclusion.heading).toMatch(/graduation lecture/i);
    expect(cardsOf('conclusion')).toHaveLength(0);
    const list = sectionsOf('conclusion', 'list')[0];
    const titles = (list?.items ?? []).map((i) => i.title.toLowerCase()).join(' | ');
    for (const topic of [
      'money in tech',
      'getting a job',
      'freelancing',
      'more learning',
      'certificate of completion',
    ]) {
      expect(titles).toContain(topic);
    }
    const text = sectionsOf('conclusion', 'text')
      .flatMap((s) => s.paragraphs)
      .join(' ');
    expect(text).toContain('communicated later');
  });

  it('uses only absolute https links', () => {
    expectAbsoluteHttpsLinks(CONTENT_STEP_SLUGS.map((slug) => COURSE_CONTENT[slug]));
  });

  it('gives every card an existing local image, a descriptive alt text and a call to action', () => {
    for (const { slug, card } of allCards) {
      expect(card.image, slug).toMatch(/^\/media\/courses\/[a-z-]+\.svg$/);
      expect(existsSync(`${publicDir}${card.image}`), card.image).toBe(true);
      expect(card.imageAlt.trim().length, card.title).toBeGreaterThan(20);
      expect(card.imageAlt, card.title).not.toBe(card.title);
      expect(card.description.trim(), card.title).not.toBe('');
      expect(['Begin Course', 'Take Quiz', 'Start Project'], card.title).toContain(card.cta);
    }
  });

  it('gives every card a title used nowhere else, so leaks can be detected by title', () => {
    const titles = allCards.map(({ card }) => card.title);
    expect(new Set(titles).size).toBe(titles.length);
    const serialised = JSON.stringify(COURSE_CONTENT);
    for (const title of titles) {
      // Exactly once across all content: not inside another title, heading or text.
      expect(serialised.split(title).length - 1, title).toBe(1);
      for (const step of COURSE_STEPS) expect(step.label, title).not.toContain(title);
    }
  });

  it('never mentions a student-only card title in a public step', () => {
    const publicText = publicSlugs.map((slug) => textOf(COURSE_CONTENT[slug])).join(' ');
    const protectedTitles = protectedSlugs.flatMap((slug) => cardsOf(slug).map((c) => c.title));
    expect(protectedTitles.length).toBeGreaterThan(0);
    for (const title of protectedTitles) expect(publicText, title).not.toContain(title);
  });
});

describe('courseContent', () => {
  it('returns the content of each slug', () => {
    for (const slug of CONTENT_STEP_SLUGS) expect(courseContent(slug)).toBe(COURSE_CONTENT[slug]);
  });

  it('refuses an unknown slug', () => {
    expect(() => courseContent('admin' as ContentStepSlug)).toThrow(RangeError);
  });
});
