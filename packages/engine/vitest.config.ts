import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'engine',
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../vitest.fast-check-seed.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
