import { describe, expect, it } from 'vitest';
import { dropModulePreloads } from './drop-module-preloads.server';

const DOCUMENT =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-a.js" nonce="n1"/>' +
  '<link rel="icon" href="/favicon.svg"/>' +
  '<link rel="modulepreload" href="/assets/root-b.js" nonce="n1"/><title>Ünïcode ✓</title>' +
  '</head><body><p>Body text mentions <link rel="modulepreload"> as text.</p>' +
  '<script type="module" async="">import "/assets/root-b.js";</script></body></html>';

describe('dropModulePreloads', () => {
  it('removes the head’s modulepreload links and nothing else', () => {
    const expected = DOCUMENT.replace(
      '<link rel="modulepreload" href="/assets/entry.client-a.js" nonce="n1"/>',
      '',
    ).replace('<link rel="modulepreload" href="/assets/root-b.js" nonce="n1"/>', '');
    expect(dropModulePreloads(DOCUMENT)).toBe(expected);
  });

  it('passes a document without a head through unchanged', () => {
    expect(dropModulePreloads('<p>fragment <link rel="modulepreload"></p>')).toBe(
      '<p>fragment <link rel="modulepreload"></p>',
    );
  });
});
