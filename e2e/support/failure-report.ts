/**
 * When a journey fails, say what the user had in front of them: for every open page its address, direction, open
 * dialogs and visible text, a screenshot in test-results/e2e/, and the end of the portal's log, added to the test's
 * error. A failure in CI can then be understood from the end of its output alone.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, inject } from 'vitest';
import { launchedBrowsers, pageTroubles } from './portal';

const TEXT_CHARS = 600;
const LOG_LINES = 25;

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  const lines: string[] = [`--- what the pages showed when "${context.task.name}" failed ---`];
  let n = 0;
  for (const browser of launchedBrowsers) {
    for (const browserContext of browser.contexts()) {
      for (const page of browserContext.pages()) {
        n += 1;
        const seen = await page
          .evaluate(() => ({
            dir: document.documentElement.dir,
            dialogs: Array.from(document.querySelectorAll('[role="dialog"]'))
              .filter((d) => (d as HTMLElement).offsetParent !== null || getComputedStyle(d).position === 'fixed')
              .map((d) => (d as HTMLElement).innerText.replace(/\s+/g, ' ').slice(0, 200)),
            text: document.body.innerText.replace(/\s+/g, ' '),
          }))
          .catch((e: Error) => ({ dir: '?', dialogs: [], text: `(page not readable: ${e.message})` }));
        const shot = `test-results/e2e/failure-${context.task.id}-${n}.png`;
        await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
        lines.push(`page ${n}: ${page.url()} dir=${seen.dir || 'ltr'} screenshot=${shot}`);
        for (const d of seen.dialogs) lines.push(`  dialog: ${d}`);
        lines.push(`  text: ${seen.text.slice(0, TEXT_CHARS)}`);
        for (const trouble of pageTroubles.get(page) ?? []) lines.push(`  ${trouble}`);
      }
    }
  }
  const log = await readFile(join(inject('dataDir'), 'server.log'), 'utf8').catch(() => '');
  // The page's static files say nothing about the failure: the API calls (one line each: method, url, status, ms),
  // warnings and errors do. The files are logged at debug only; a log written at debug still has them filtered out.
  const told = log
    .trimEnd()
    .split('\n')
    .filter((l) => !l.includes('"url":"/assets/'));
  lines.push('portal log (last API calls, warnings and errors):', ...told.slice(-LOG_LINES));
  // With the error itself: the run's summary at its very end then carries it, where a CI log cut to its tail shows it.
  const error = context.task.result.errors?.[0];
  if (error) error.message += `\n${lines.join('\n')}`;
  else console.error(lines.join('\n'));
});
