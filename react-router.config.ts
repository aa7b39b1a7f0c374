import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  // Public marketing pages are static HTML; the server injects a fresh CSP nonce
  // when it serves them (see server/prerendered-pages.ts).
  prerender: ['/', '/enroll', '/success'],
} satisfies Config;
