import { describe, expect, it } from 'vitest';
import { jsonLdScript, pageMeta, summarize } from './seo';

describe('seo helpers', () => {
  it('builds canonical, share and robots tags on the given origin', () => {
    const tags = pageMeta({
      title: 'T',
      description: 'D',
      path: '/fed/react',
      origin: 'https://academy.example',
      siteName: 'S',
      noindex: true,
    });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://academy.example/fed/react',
    });
    expect(tags).toContainEqual({
      property: 'og:image',
      content: 'https://academy.example/og-image.png',
    });
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });
  });

  it('cuts descriptions at a word boundary and escapes JSON-LD for HTML', () => {
    expect(summarize('short', 10)).toBe('short');
    const long = summarize('one two three four five six seven eight nine ten', 20);
    expect(long.length).toBeLessThanOrEqual(20);
    expect(long).toBe('one two three four…');
    expect(jsonLdScript({ a: '</script>' })).toBe('{"a":"\\u003c/script>"}');
  });
});
