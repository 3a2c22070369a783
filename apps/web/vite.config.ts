// Vite build of the web app: React, Tailwind 4, `@` → src, and a dev proxy to the API server so the
// browser always talks to the same origin (as it does in production, where the server serves dist/).
// Every text file of the build gets a brotli and a gzip copy beside it, made once at build time, so
// the server sends compressed bytes without compressing on each request.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [react(), tailwindcss(), compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' })],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  // The c2pa-rs worker (src/lib/browser-verification/c2pa-worker.ts) is an ES module worker, as c2pa-wasm is an ES module.
  worker: { format: 'es' },
});
