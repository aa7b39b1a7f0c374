import { createContext, useContext } from 'react';

/**
 * HTML that a loader rendered for this document only, by name: the server hands it to the
 * page through this context rather than in the loader's data, so the document does not
 * carry it twice (once as markup, once serialised for hydration). In the browser there is
 * none: hydration keeps the server's markup, and a data request's answer carries the HTML.
 */
const PageFragmentsContext = createContext<ReadonlyMap<string, string> | undefined>(undefined);

export const PageFragmentsProvider = PageFragmentsContext.Provider;

export function usePageFragments(): ReadonlyMap<string, string> | undefined {
  return useContext(PageFragmentsContext);
}
