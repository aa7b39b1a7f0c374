import { describe, it, expect } from 'vitest';
import { site } from './site';

describe('site', () => {
  it('has a home meta description of 140 to 160 characters', () => {
    expect(site.description.length).toBeGreaterThanOrEqual(140);
    expect(site.description.length).toBeLessThanOrEqual(160);
  });

  it('has matching contact links', () => {
    expect(site.email.href).toBe(`mailto:${site.email.display}`);
    expect(site.phone.href).toBe(`tel:${site.phone.display.replace(/\s+/g, '')}`);
    expect(site.phone.href).toBe('tel:+2347012345678');
    expect(site.directMessage.href).toBe('https://ig.me/m/frontierdevacademy');
    for (const link of [site.email, site.phone, site.directMessage]) {
      expect(link.label.trim()).not.toBe('');
    }
  });

  it('has a YouTube video id and absolute https social links', () => {
    expect(site.aboutVideo.id).toMatch(/^[\w-]{11}$/);
    expect(site.aboutVideo.title.trim()).not.toBe('');
    expect(site.social.length).toBeGreaterThan(0);
    for (const link of site.social) {
      expect(new URL(link.href).protocol).toBe('https:');
      expect(link.label.trim()).not.toBe('');
    }
  });
});
