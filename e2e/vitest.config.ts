import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The journeys share one portal and its data: run them in one fixed order (by file name) on every machine, instead
 * of Vitest's default (by the durations cached from earlier runs, which a clean clone does not have).
 */
class ByFileName extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return Promise.resolve([...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId)));
  }
}

/** Browser journeys: one portal server for the whole run, one Chromium per file, files one after another. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['journeys/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./support/global-setup.ts'],
    setupFiles: ['./support/english-profiles.ts', './support/failure-report.ts'],
    fileParallelism: false,
    sequence: { sequencer: ByFileName },
    testTimeout: 90_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
