import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SERVE_TIME_SLOTS } from '~/lib/serve-time-slots';
import { inlineScriptHashes, preparePage } from './prerendered-pages';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');
const { nonce, origin, year } = SERVE_TIME_SLOTS;
const template =
  `<html><head><link nonce="${nonce}" rel="canonical" href="${origin}/enroll"/>` +
  `<script type="application/ld+json">{"url":"${origin}"}</script>` +
  `<script nonce="${nonce}">document.documentElement.classList.add('js')</script></head>` +
  `<body><footer>© ${year}</footer><script src="/assets/a.js"></script>` +
  `<script nonce="${nonce}" type="module">import("/assets/entry.js");</script>` +
  `<script nonce="${nonce}">window.__ctx = {"origin":"${origin}"}</script></body></html>`;

describe('preparePage', () => {
  it('fills the origin and year, drops the nonce and hashes what runs inline', async () => {
    const page = await preparePage(template, {
      origin: 'https://academy.example',
      year: '2027',
      nextCohort: '',
    });
    const html = page.bodies.identity.toString('utf8');
    expect(html).toContain('href="https://academy.example/enroll"');
    expect(html).toContain('© 2027');
    expect(html).not.toContain('nonce');
    expect(page.scriptHashes).toEqual([
      sha256("document.documentElement.classList.add('js')"),
      sha256('import("/assets/entry.js");'),
      sha256('window.__ctx = {"origin":"https://academy.example"}'),
    ]);
    expect(brotliDecompressSync(page.bodies.br).equals(page.bodies.identity)).toBe(true);
    expect(gunzipSync(page.bodies.gzip).equals(page.bodies.identity)).toBe(true);
    expect(new Set(Object.values(page.etags)).size).toBe(3);
  });

  it('refuses a page that still holds a slot it cannot fill', async () => {
    await expect(
      preparePage(`<p data-x="${nonce}"></p>`, {
        origin: 'https://a.example',
        year: '2027',
        nextCohort: '',
      }),
    ).rejects.toThrow(/still holds the serve-time slot/);
  });
});

describe('inlineScriptHashes', () => {
  it('skips external scripts and JSON data blocks and lists each body once', () => {
    const html =
      '<script src="/x.js"></script><script type="application/json">{}</script>' +
      '<script>a()</script><script>a()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha256('a()')]);
  });
});
