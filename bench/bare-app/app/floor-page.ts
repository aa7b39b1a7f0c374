import { createContext, type ReactNode } from 'react';

/**
 * A page the bench captured from the site, as React elements (framework floor, decision 055):
 * the document's attributes and head, and its body's children. Server-only in practice: the
 * entry provides it; in the browser it is always null and the app is the default template.
 */
export type FloorPage = {
  htmlProps: Record<string, unknown>;
  head: ReactNode[];
  bodyProps: Record<string, unknown>;
  body: ReactNode[];
};

export const FloorPageContext = createContext<FloorPage | null>(null);
