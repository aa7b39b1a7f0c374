import { describe, expect, it } from 'vitest';
import { stylesheetTags } from './stylesheet.server';

const CSS = 'body{color:red}';
const HREF = '/assets/app-NEW1.css';
const tags = (cookieHeader: string | undefined, prerendering = false) =>
  stylesheetTags({ css: CSS, href: HREF, cookieHeader, prerendering, secure: true });

describe('stylesheetTags', () => {
  it('inlines the stylesheet on a first visit, prefetches the file and remembers it', () => {
    const { html, setCookie } = tags('session=abc');
    expect(html).toBe(`<style>${CSS}</style><link rel="prefetch" href="${HREF}"/>`);
    expect(setCookie).toMatch(
      /^css=app-NEW1\.css; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
  });

  it('links the file once the browser was given it, and sends no cookie again', () => {
    expect(tags('session=abc; css=app-NEW1.css')).toEqual({
      html: `<link rel="stylesheet" href="${HREF}"/>`,
    });
  });

  it('inlines again after a deployment changed the stylesheet', () => {
    expect(tags('css=app-OLD0.css').html).toContain(`<style>${CSS}</style>`);
    expect(tags('css=app-OLD0.css').setCookie).toContain('css=app-NEW1.css');
  });

  it('always inlines into a prerendered page, which is one file for everyone', () => {
    expect(tags(undefined, true)).toEqual({ html: `<style>${CSS}</style>` });
  });
});
