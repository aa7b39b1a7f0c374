import type { ReactNode } from 'react';

/**
 * A page the bench captured from the site, as React elements (framework floor, decision 055):
 * the document's attributes and head, and its body's children.
 */
export type FloorPage = {
  htmlProps: Record<string, unknown>;
  head: ReactNode[];
  bodyProps: Record<string, unknown>;
  body: ReactNode[];
};

/**
 * The captured page serve.ts found for the request being rendered, if any. Null in the
 * browser and whenever the bench gave no pages: the app is then the default template.
 */
export const floorPage = (): FloorPage | null =>
  (globalThis as { benchFloorPage?: () => FloorPage | undefined }).benchFloorPage?.() ?? null;
