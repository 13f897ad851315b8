/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const backend = process.env.PORTAL_BACKEND ?? 'http://localhost:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/stomp': { target: backend, ws: true, changeOrigin: true },
      '/stomp-chat': { target: backend, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Pages are split by React.lazy; keep the framework pieces in their own long-lived chunks.
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // The shared contract has no side effects: what the browser does not use (the zod schemas) is left out.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/shared/') },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    setupFiles: ['src/test/setup.ts'],
    // antd screens under jsdom take 1–3 s each on a quiet 2-core machine; a busy one must not turn that into a failure.
    testTimeout: 20_000,
  },
});
