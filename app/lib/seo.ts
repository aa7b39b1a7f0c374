import type { MetaDescriptor } from 'react-router';

const NOINDEX: MetaDescriptor = { name: 'robots', content: 'noindex' };

export interface PageMetaInput {
  title: string;
  description: string;
  path: string;
  origin: string;
  siteName: string;
  /** Pages that are not meant for search results (signed-in areas, errors). */
  noindex?: boolean;
}

/** Title, description, canonical URL and share tags for one page. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const url = `${input.origin}${input.path}`;
  const image = `${input.origin}/og-image.png`;
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: input.siteName },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: input.title },
    { name: 'twitter:description', content: input.description },
    { name: 'twitter:image', content: image },
  ];
  if (input.noindex) tags.push(NOINDEX);
  return tags;
}

/** The title of a page kept out of search results: signed-in areas, errors, local tools. */
export function privatePageMeta(title: string): MetaDescriptor[] {
  return [{ title }, NOINDEX];
}

/** JSON for a `<script type="application/ld+json">`, safe to place inside HTML. */
export function jsonLdScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Text cut at a word boundary to at most `max` characters, for meta descriptions. */
export function summarize(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[,;:.]$/, '')}…`;
}
