import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  // Named after each entry of the server bundle (vite.config.ts): index.js and server.js.
  serverBuildFile: '[name].js',
  // Public marketing pages are static HTML; the server injects a fresh CSP nonce
  // when it serves them (see server/prerendered-pages.ts).
  prerender: ['/', '/enroll', '/success'],
} satisfies Config;
