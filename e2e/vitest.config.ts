import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Browser journeys: one portal server for the whole run, one Chromium per file, files one after another. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['journeys/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
