// Unit tests of the contracts: what a client relies on when it sends a request or reads an answer.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'contracts',
    include: ['src/**/*.test.ts'],
  },
});
