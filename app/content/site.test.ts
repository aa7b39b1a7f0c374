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

  it('holds the business constants of SPEC §9', () => {
    expect(site.minimumAge).toBe(13);
    expect(site.followUpHours).toBe(24);
    expect(site.duration).toEqual({ minMonths: 6, maxMonths: 9 });
    expect(site.dailyHours).toEqual({ min: 1, max: 2 });
    expect(site.juniorPay).toEqual({ min: 30000, max: 50000 });
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
