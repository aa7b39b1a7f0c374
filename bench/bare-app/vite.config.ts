import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // node_modules is a link to the main project's: keep Vite's cache out of it.
  cacheDir: '.vite-cache',
});
