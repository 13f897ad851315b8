import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Keeps ARCHITECTURE.md true to the code. Three rules, each checked by `checkMap` on the text of the map:
 *
 * 1. The event table (section "Events") names exactly the events of `PortalEvents` (apps/server/src/events.ts).
 * 2. Every backticked path exists. A backticked token is a path when it has no space and either contains a `/` or
 *    ends in a file extension of the repository (`.ts`, `.md`…); tokens that are clearly something else are left out:
 *    URL paths and destinations (leading `/`), npm packages (leading `@`), templates (`<`, `{`, `*`, `…`), headers and
 *    wire names (`:`, `=`, `?`), settings (`DATA_DIR/files`: an upper-case first part), MIME types, a bare extension
 *    (`.eml`) and what a build makes (`dist/`, `dist-ssr/`, absent from a clean clone). A path with a
 *    `/` exists when it does under one of `PATH_ROOTS` (the repository root first, then the folders the map writes
 *    paths from: `modules/offers/cache.ts` is `apps/server/src/modules/offers/cache.ts`); a bare file name (`render.ts`)
 *    exists when some file of the repository has that name.
 * 3. Every cache of the code appears in the table of section "Kept in memory" (its first column), and every row of
 *    that table names a cache of the code. A cache is found by its marker, a `@cache <name>` tag in the comment on
 *    what keeps it; a product file that reads `ctx.alone` or keeps `this.alone` (what only a lone instance may keep)
 *    must carry one.
 */

/** The folders a path on the map may be written from, tried in this order. */
export const PATH_ROOTS = [
  '',
  'apps/server/src',
  'apps/server/src/modules',
  'apps/server/src/providers',
  'apps/server',
  'apps/web/src',
  'apps/web',
  'packages/shared/src',
  'packages/shared',
];

const EXTENSIONS = /\.(ts|tsx|mts|mjs|cjs|js|json|md|ya?ml|conf|sh|css|html|csv|sql|eml|mmdb)$/;
const NOT_A_PATH =
  /^[/@]|[<>{}*…:=?'"()\s]|^[A-Z0-9_]+\/|^(multipart|application|text|image)\/[a-z-]+$|^\.[a-z]+$|(^|\/)dist(-ssr)?(\/|$)/;
const CACHE_MARKER = /@cache ([a-z][\w-]*)/g;
const READS_ALONE = /\bctx\.alone\b|\bthis\.alone\b/;

export interface MapFacts {
  /** The event names of `PortalEvents`. */
  events: string[];
  /** Caches found in the code: name → the files that mark it. */
  caches: Map<string, string[]>;
  /** Product files that read `alone` without a cache marker. */
  unmarked: string[];
  /** Whether a repository path (relative to the root, `/` separated, a trailing `/` for a folder) exists. */
  exists: (relative: string) => boolean;
  /** Whether some file of the repository has this name. */
  hasFileNamed: (name: string) => boolean;
}

/** The rows of the first markdown table under the `## <title>` heading: its cells, header and rule left out. */
export function tableRows(map: string, title: string): string[][] {
  const lines = sectionOf(map, title).split('\n');
  const start = lines.findIndex((l) => l.trim().startsWith('|'));
  if (start === -1) return [];
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.trim().startsWith('|')) break;
    rows.push(
      line
        .trim()
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim()),
    );
  }
  return rows;
}

function sectionOf(map: string, title: string): string {
  const at = map.indexOf(`\n## ${title}\n`);
  if (at === -1) return '';
  const rest = map.slice(at + 1);
  const next = rest.indexOf('\n## ', 1);
  return next === -1 ? rest : rest.slice(0, next);
}

/** The names written in backticks in the first column of a table (continuation rows, with an empty cell, skipped). */
function firstColumnNames(map: string, title: string): string[] {
  return tableRows(map, title)
    .map((cells) => /^`([^`]+)`/.exec(cells[0] ?? '')?.[1])
    .filter((name): name is string => name !== undefined);
}

/** The backticked tokens of the map's prose that are paths (rule 2), outside fenced blocks. */
export function backtickedPaths(map: string): string[] {
  const prose = map.replace(/^```[\s\S]*?^```/gm, '');
  const found = new Set<string>();
  for (const [, token] of prose.matchAll(/`([^`\n]+)`/g)) {
    if (token === undefined || NOT_A_PATH.test(token)) continue;
    if (token.includes('/') || EXTENSIONS.test(token)) found.add(token);
  }
  return [...found];
}

/** What is wrong with the map, one line per problem; empty when it is true to the code. */
export function checkMap(map: string, facts: MapFacts): string[] {
  const problems: string[] = [];

  const listed = firstColumnNames(map, 'Events');
  for (const name of facts.events)
    if (!listed.includes(name)) problems.push(`event ${name} is missing from the event table`);
  for (const name of listed)
    if (!facts.events.includes(name)) problems.push(`event ${name} is in the event table but not in PortalEvents`);

  for (const token of backtickedPaths(map)) {
    const found = token.includes('/')
      ? PATH_ROOTS.some((root) => facts.exists(root ? `${root}/${token}` : token))
      : facts.hasFileNamed(token);
    if (!found) problems.push(`path ${token} does not exist`);
  }

  const kept = firstColumnNames(map, 'Kept in memory');
  for (const [name, files] of facts.caches)
    if (!kept.includes(name)) problems.push(`cache ${name} (${files.join(', ')}) is missing from "Kept in memory"`);
  for (const name of kept)
    if (!facts.caches.has(name)) problems.push(`cache ${name} is in "Kept in memory" but no code marks it`);
  for (const file of facts.unmarked) problems.push(`${file} reads alone but marks no cache (@cache <name>)`);

  return problems;
}

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const SKIPPED = new Set(['node_modules', '.git', 'dist', 'dist-ssr', 'test-results', '.vite']);

/** Every file of the repository (relative, `/` separated), the built and installed folders left out. */
function repositoryFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (SKIPPED.has(entry.name) || (!dir && entry.name === 'coverage')) continue;
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(relative);
      else files.push(relative);
    }
  };
  walk('');
  return files;
}

/** The facts of the repository at `root`, read from its files. */
export function readMapFacts(root: string = REPO_ROOT): MapFacts {
  const files = repositoryFiles(root);
  const fileSet = new Set(files);
  const folders = new Set(
    files.flatMap((f) =>
      f
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );
  const names = new Set(files.map((f) => f.slice(f.lastIndexOf('/') + 1)));

  const eventsSource = fs.readFileSync(path.join(root, 'apps/server/src/events.ts'), 'utf8');
  const body = /export interface PortalEvents \{([\s\S]*?)\n\}/.exec(eventsSource)?.[1] ?? '';
  const events = [...body.matchAll(/^ {2}'([\w.]+)':/gm)].map((m) => m[1] ?? '');

  const caches = new Map<string, string[]>();
  const unmarked: string[] = [];
  const product = files.filter(
    (f) => /^(apps\/(server|web)|packages\/shared)\/src\/.*\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
  );
  for (const file of product) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const marks = [...text.matchAll(CACHE_MARKER)].map((m) => m[1] ?? '');
    for (const name of marks) caches.set(name, [...(caches.get(name) ?? []), file]);
    if (!marks.length && READS_ALONE.test(text)) unmarked.push(file);
  }

  return {
    events,
    caches,
    unmarked,
    exists: (relative) =>
      relative.endsWith('/') ? folders.has(relative.slice(0, -1)) : fileSet.has(relative) || folders.has(relative),
    hasFileNamed: (name) => names.has(name),
  };
}
