import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, which is one worker on a 2-core CI machine; the test files
    // each own their database and port, and a second worker runs the suite in about 60% of the time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // A worker runs its test files one after another in one module graph, instead of importing the whole server
          // again for each (2.8 s a file): 283 s → 155 s on PGlite, 234 s → 81 s on PostgreSQL. Each file opens its
          // own app and database and closes them; no server test mocks a module or stubs a global. Checked with the
          // files shuffled on both databases.
          isolate: false,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
