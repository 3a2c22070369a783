// Unit tests of the web app: components and modules in jsdom, next to the code they test.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Rendering whole screens in jsdom takes seconds on a busy 2-core machine; 5 s is too tight.
    testTimeout: 20_000,
  },
});
