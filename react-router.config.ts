import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  // Named after each entry of the server bundle (vite.config.ts): index.js and server.js.
  serverBuildFile: '[name].js',
  // Public marketing pages are static HTML, served as they are: their inline scripts are
  // allowed by hash in the CSP sent with them, and the next-cohort slot is filled when
  // served (see server/prerendered-pages.ts).
  prerender: ['/', '/enroll', '/success'],
} satisfies Config;
