// Unit and fuzz tests of the safe fetcher, against loopback HTTP servers and fake DNS answers.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'safe-fetch',
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../vitest.fast-check-seed.ts'],
  },
});
