// `npm run deps:check`: the direct dependencies of the three workspaces that are a major version (or a 0.x minor)
// behind the registry's latest, from `npm outdated` (the registry's package data, not the audit service, which this
// project's registry refuses). It prints them as a table and compares with the list the README keeps between its
// `dependencies:start`/`dependencies:end` markers; `--write` rewrites that list. CI runs it as a report: a major
// released upstream is news to read, not a broken build.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readme = path.join(root, 'README.md');
const START = '<!-- dependencies:start -->';
const END = '<!-- dependencies:end -->';

/** `npm outdated` exits 1 when anything is outdated; its JSON is on stdout either way. */
async function outdated() {
  const args = ['outdated', '--json', '--workspaces', '--include-workspace-root'];
  try {
    const { stdout } = await promisify(execFile)('npm', args, { cwd: root, maxBuffer: 16 * 1024 * 1024 });
    return JSON.parse(stdout || '{}');
  } catch (e) {
    if (e.stdout) return JSON.parse(e.stdout);
    throw new Error(`npm outdated failed (is the npm registry reachable?): ${e.message.split('\n')[0]}`);
  }
}

const parts = (version) => String(version).split('.').map(Number);

/** Behind by a major, or by a minor while on 0.x (where a minor is breaking). */
function majorBehind(current, latest) {
  const [cMajor, cMinor] = parts(current);
  const [lMajor, lMinor] = parts(latest);
  return lMajor > cMajor || (cMajor === 0 && lMajor === 0 && lMinor > cMinor);
}

function rowsOf(report) {
  const rows = new Map();
  for (const [name, entries] of Object.entries(report)) {
    for (const entry of Array.isArray(entries) ? entries : [entries]) {
      if (!entry.current || !majorBehind(entry.current, entry.latest)) continue;
      const key = `${name}@${entry.current}`;
      const row = rows.get(key) ?? { name, current: entry.current, latest: entry.latest, dependents: new Set() };
      row.dependents.add(entry.dependent);
      rows.set(key, row);
    }
  }
  return [...rows.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function table(rows) {
  if (rows.length === 0) return 'No direct dependency is a major version behind.';
  const lines = ['| package | installed | latest | used by |', '| --- | --- | --- | --- |'];
  for (const r of rows)
    lines.push(`| ${r.name} | ${r.current} | ${r.latest} | ${[...r.dependents].sort().join(', ')} |`);
  return lines.join('\n');
}

const listed = () => {
  const text = fs.readFileSync(readme, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} section`);
  return { text, start, end };
};

/** A table as its cells say, whatever padding Prettier gave the README's copy. */
const normalised = (markdown) =>
  markdown
    .split('\n')
    .map((line) =>
      line
        .split('|')
        .map((cell) => cell.trim().replace(/^-+$/, '-'))
        .join('|'),
    )
    .join('\n');

const current = table(rowsOf(await outdated()));
console.log(current);
const { text, start, end } = listed();
const kept = text.slice(start + START.length, end).trim();
if (process.argv.includes('--write')) {
  fs.writeFileSync(readme, `${text.slice(0, start + START.length)}\n\n${current}\n\n${text.slice(end)}`);
  console.log('README.md updated.');
} else if (normalised(kept) !== normalised(current)) {
  console.log('\nThe README lists a different set: run `npm run deps:check -- --write` and read the changelogs.');
}
