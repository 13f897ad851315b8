// The process's memory around document exports (bench/documents.bench.ts): before, right after 20 exports of a
// 150-sector offer (PDF, DOCX and XLSX in turn, in each language), and every 30 s for 2 minutes after, idle. The
// server runs in this process: its request loop, PGlite's thread and the Typst worker are all in the figures.
import { setTimeout as sleep } from 'node:timers/promises';

const EXPORTS = 20;
const INTERVAL_S = Number(process.env.BENCH_MEMORY_INTERVAL_S ?? 30);
const SAMPLES = 4;
/** The target: resident memory back within this much of before, within 2 minutes. */
const WITHIN_PERCENT = 15;

export interface MemorySample {
  /** Seconds after the last export (-1: before the first). */
  at: number;
  rssMiB: number;
  heapUsedMiB: number;
  heapTotalMiB: number;
  externalMiB: number;
}

export interface MemoryRun {
  exports: number;
  samples: MemorySample[];
  withinPercent: number;
  /** Resident memory of the last sample over the first, in per cent. */
  rssChangePercent: number;
  met: boolean;
}

const mib = (n: number) => +(n / 1024 / 1024).toFixed(1);

function sample(at: number): MemorySample {
  const m = process.memoryUsage();
  return {
    at,
    rssMiB: mib(m.rss),
    heapUsedMiB: mib(m.heapUsed),
    heapTotalMiB: mib(m.heapTotal),
    externalMiB: mib(m.external),
  };
}

/** Runs `exportOne(i)` for i = 0‥19, one after the other, and samples the memory around them. */
export async function memoryAfterExports(exportOne: (i: number) => Promise<unknown>): Promise<MemoryRun> {
  // Whatever the start left to collect is not counted against the exports.
  await sleep(5000);
  const samples = [sample(-1)];
  for (let i = 0; i < EXPORTS; i++) await exportOne(i);
  samples.push(sample(0));
  for (let k = 1; k <= SAMPLES; k++) {
    await sleep(INTERVAL_S * 1000);
    samples.push(sample(k * INTERVAL_S));
  }
  const before = samples[0]!.rssMiB;
  const last = samples[samples.length - 1]!.rssMiB;
  const rssChangePercent = +((last / before - 1) * 100).toFixed(1);
  return {
    exports: EXPORTS,
    samples,
    withinPercent: WITHIN_PERCENT,
    rssChangePercent,
    met: rssChangePercent <= WITHIN_PERCENT,
  };
}

export function memoryTable(run: MemoryRun): string[] {
  const when = (at: number) => (at < 0 ? 'before' : at === 0 ? `right after ${run.exports} exports` : `${at} s after`);
  return [
    `Memory of the process (server and benchmark) around ${run.exports} exports of the 150-sector offer (PDF, DOCX, XLSX in`,
    `turn, in each language), idle after them: resident ${run.rssChangePercent >= 0 ? '+' : ''}${run.rssChangePercent} % after 2 minutes`,
    `(target: within ${run.withinPercent} % of before: ${run.met ? 'met' : '**not met**'}).`,
    '',
    '| when | RSS MiB | heap used MiB | heap total MiB | external MiB |',
    '|---|---|---|---|---|',
    ...run.samples.map(
      (s) => `| ${when(s.at)} | ${s.rssMiB} | ${s.heapUsedMiB} | ${s.heapTotalMiB} | ${s.externalMiB} |`,
    ),
  ];
}
