import { createContext, useContext } from 'react';

/**
 * The site's whole stylesheet (about 6 KB gzipped), inlined into every document by the
 * server so that first paint waits for no request: on a slow phone connection a separate
 * stylesheet queued behind the script preloads cost over a second. Only the server bundle
 * holds the text (entry.server.tsx); the browser keeps the `<style>` it was given.
 */
const InlineCssContext = createContext<string | undefined>(undefined);

export const InlineCssProvider = InlineCssContext.Provider;

export function InlineStyles() {
  const css = useContext(InlineCssContext);
  return (
    // The browser renders nothing here; React must leave the server's text in place.
    <style dangerouslySetInnerHTML={{ __html: css ?? '' }} suppressHydrationWarning />
  );
}
