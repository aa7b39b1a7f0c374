import { defineConfig } from 'vitest/config';

// Separate from vite.config.ts: unit and integration tests do not need the React Router
// plugin, which expects to build the whole app.
export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    include: [
      'app/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'dev-idp/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    // PostgreSQL test schemas are dropped once every file has finished (sql-client.ts).
    globalSetup: ['tests/support/vitest-global-setup.ts'],
    env: { TEST_SCHEMAS_DROPPED: 'at-end' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration tests start real server processes; two cores do not like many at once.
    maxWorkers: 2,
  },
});
