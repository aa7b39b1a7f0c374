import { z } from 'zod';

// Zod 4 compiles object parsers with `new Function` unless told not to, and finds out whether
// it may by calling it once: under the site's CSP (no 'unsafe-eval') the browser reports that
// probe as a violation on every page that parses a form. Every module imports zod from here,
// so the setting is in force before any schema is parsed, on the server and in the browser.
z.config({ jitless: true });

export { z };
