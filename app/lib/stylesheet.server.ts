import { readCookie, serializeCookie } from './cookies.server';

/**
 * Names the stylesheet a browser was given to keep (its hashed file name), so a later
 * document links that file instead of inlining it again. A new build's stylesheet has
 * another name: the cookie no longer matches and the next document inlines it once more.
 */
export const STYLESHEET_COOKIE = 'css';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export interface StylesheetTags {
  /** What goes at the end of the document's head. */
  html: string;
  /** The cookie to set when the stylesheet was inlined and the file is being fetched. */
  setCookie?: string;
}

/**
 * The whole stylesheet (about 6 KB compressed) as a document's head carries it (decision
 * 054). A first visit gets it inline, so first paint waits for no request (on a slow phone
 * connection a separate stylesheet queued behind the scripts cost over a second), with a
 * low-priority prefetch of the immutable file and a cookie saying so; a later document
 * links the file the browser now holds, and sends only itself. A prerendered page is one
 * file for everyone, written without cookies: always inline.
 */
export function stylesheetTags(options: {
  css: string;
  /** The stylesheet's file under /assets/, cached for a year as immutable. */
  href: string;
  /** The request's Cookie header; undefined while prerendering. */
  cookieHeader: string | null | undefined;
  prerendering: boolean;
  secure: boolean;
}): StylesheetTags {
  const inline = `<style>${options.css}</style>`;
  if (options.prerendering) return { html: inline };
  const name = options.href.slice(options.href.lastIndexOf('/') + 1);
  if (readCookie(options.cookieHeader, STYLESHEET_COOKIE) === name) {
    return { html: `<link rel="stylesheet" href="${options.href}"/>` };
  }
  return {
    html: `${inline}<link rel="prefetch" href="${options.href}"/>`,
    setCookie: serializeCookie(STYLESHEET_COOKIE, name, {
      maxAgeSeconds: YEAR_SECONDS,
      secure: options.secure,
    }),
  };
}
