import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { dropModulePreloads } from './module-preloads.server';

const DOCUMENT =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-a.js" nonce="n1"/>' +
  '<link rel="icon" href="/favicon.svg"/>' +
  '<link rel="modulepreload" href="/assets/root-b.js" nonce="n1"/><title>Ünïcode ✓</title>' +
  '</head><body><p>Body text mentions <link rel="modulepreload"> as text.</p>' +
  '<script type="module" async="">import "/assets/root-b.js";</script></body></html>';

async function through(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(dropModulePreloads()));
}

/** The document cut into pieces of `size` bytes, splitting tags and multi-byte letters. */
function pieces(size: number): Buffer[] {
  const bytes = Buffer.from(DOCUMENT);
  const result: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) {
    result.push(bytes.subarray(start, start + size));
  }
  return result;
}

describe('dropModulePreloads', () => {
  it('removes the head’s modulepreload links and nothing else, however the stream is cut', async () => {
    const expected = DOCUMENT.replace(
      '<link rel="modulepreload" href="/assets/entry.client-a.js" nonce="n1"/>',
      '',
    ).replace('<link rel="modulepreload" href="/assets/root-b.js" nonce="n1"/>', '');
    for (const size of [1, 3, 7, 64, DOCUMENT.length * 2]) {
      expect(await through(pieces(size))).toBe(expected);
    }
  });

  it('passes a document without a head through unchanged', async () => {
    expect(await through([Buffer.from('<p>fragment</p>')])).toBe('<p>fragment</p>');
  });
});
