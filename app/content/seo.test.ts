import { describe, it, expect } from 'vitest';
import { courseJsonLd, organizationJsonLd, pageSeo } from './seo';
import { site } from './site';

describe('pageSeo', () => {
  it('covers the public pages with short titles and 140-160 character descriptions', () => {
    expect(Object.keys(pageSeo).sort()).toEqual(['/', '/enroll', '/login', '/success']);
    for (const { title, description } of Object.values(pageSeo)) {
      expect(title.length).toBeGreaterThan(0);
      expect(title.length).toBeLessThanOrEqual(60);
      expect(description.length).toBeGreaterThanOrEqual(140);
      expect(description.length).toBeLessThanOrEqual(160);
    }
    expect(new Set(Object.values(pageSeo).map((p) => p.title)).size).toBe(4);
  });
});

describe('organizationJsonLd', () => {
  it('describes the academy as an EducationalOrganization', () => {
    const org = organizationJsonLd('https://frontierdevacademy.com');
    expect(org['@context']).toBe('https://schema.org');
    expect(org['@type']).toBe('EducationalOrganization');
    expect(org.name).toBe(site.name);
    expect(org.url).toBe('https://frontierdevacademy.com/');
    expect(org.email).toBe('hello@frontierdevacademy.com');
    expect(org.telephone).toBe('+2347012345678');
    expect(org.logo).toBe('https://frontierdevacademy.com/icons/icon-512.png');
    expect(org.sameAs).toEqual(site.social.map((s) => s.href));
  });

  it('tolerates a trailing slash on the origin', () => {
    expect(organizationJsonLd('http://localhost:3000/').logo).toBe(
      'http://localhost:3000/icons/icon-512.png',
    );
  });
});

describe('courseJsonLd', () => {
  it('returns the two courses priced from the upfront plans', () => {
    const courses = courseJsonLd('https://frontierdevacademy.com');
    expect(courses).toHaveLength(2);
    expect(courses.map((c) => c['@type'])).toEqual(['Course', 'Course']);
    expect(courses.map((c) => c.name)).toEqual(['FrontEnd Developer', 'FullStack Developer']);
    expect(courses.map((c) => c.offers.price)).toEqual([400, 1000]);
    for (const course of courses) {
      expect(course.offers.priceCurrency).toBe('USD');
      expect(course.provider.name).toBe(site.name);
      expect(course.description.trim()).not.toBe('');
    }
  });

  it('serialises without characters that could close a script element', () => {
    const json = JSON.stringify([
      organizationJsonLd('https://x.test'),
      ...courseJsonLd('https://x.test'),
    ]);
    expect(json).not.toMatch(/[<>]/);
  });
});
