// Vitest project of the server: HTTP tests through app.request() against PGlite, and against
// PostgreSQL too when TEST_DATABASE_URL is set.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../vitest.fast-check-seed.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
