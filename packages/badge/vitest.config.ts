// Unit tests of the badge: the custom element in jsdom, with the API answered by a stubbed fetch.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'badge',
    environment: 'jsdom',
    include: ['src/**/*.test.ts'],
    restoreMocks: true,
  },
});
