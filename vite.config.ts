import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { shellChunk } from './vite.shell-chunk.ts';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  // Bundled into the server build so only the icons in use are loaded: as an external
  // package every one of its icons would be (about 35 MB of server memory).
  ssr: { noExternal: ['lucide-react'] },
  build: {
    assetsInlineLimit: 0,
    // The server bundle has two entries: React Router's server build (index.js, which the
    // prerenderer imports) and our Express server (server.js, which imports index.js), so
    // the server and the routes share one compiled copy of the app.
    ...(isSsrBuild
      ? {
          rollupOptions: {
            input: {
              index: 'virtual:react-router/server-build',
              server: './server/production-entry.ts',
            },
          },
        }
      : // The root route's own modules in one chunk, which every page loads (decision 056).
        {
          rolldownOptions: {
            output: { codeSplitting: { groups: [{ name: shellChunk, debugName: 'shell' }] } },
          },
        }),
  },
}));
