import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { SERVE_TIME_SLOTS } from '~/lib/serve-time-slots';
import { inlineScriptHashes, preparePage, servePrerenderedPages } from './prerendered-pages';

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

describe('servePrerenderedPages', () => {
  it('does not lose a change that comes in while the pages are being renewed', async () => {
    const clientDir = await mkdtemp(join(tmpdir(), 'prerendered-'));
    await writeFile(join(clientDir, 'index.html'), `<p>${SERVE_TIME_SLOTS.nextCohort}</p>`);
    let sentence = 'Next cohort starts 1 March 2027';
    let reading: Promise<void> = Promise.resolve();
    let read = () => {};
    let announceChange = () => {};
    const handler = await servePrerenderedPages({
      clientDir,
      paths: ['/'],
      origin: 'http://localhost',
      contentSecurityPolicy: () => "default-src 'self'",
      wantsServerRender: () => false,
      nextCohort: async () => {
        const value = sentence;
        read();
        await reading;
        return value;
      },
      onCohortsChanged: (listener) => {
        announceChange = listener;
      },
    });
    const server = express().use(handler).listen(0, '127.0.0.1');
    await new Promise((listening) => server.once('listening', listening));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      // A cohort is added; a request renews the pages, which read it and are held there.
      let finishReading = () => {};
      reading = new Promise((done) => (finishReading = done));
      const hasRead = new Promise<void>((done) => (read = done));
      sentence = 'Next cohort starts 5 January 2027';
      announceChange();
      const during = fetch(url);
      await hasRead;
      // It is archived before that renewal ends: the pages must not keep the one read before.
      sentence = '';
      announceChange();
      reading = Promise.resolve();
      finishReading();
      expect(await (await during).text()).toBe('<p></p>');
      expect(await (await fetch(url)).text()).toBe('<p></p>');
    } finally {
      server.close();
      await rm(clientDir, { recursive: true, force: true });
    }
  });
});
