import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, backtickedPaths, checkMap, readMapFacts, tableRows } from './architecture-map.js';

const map = fs.readFileSync(path.join(REPO_ROOT, 'ARCHITECTURE.md'), 'utf8');
const facts = readMapFacts();

describe('ARCHITECTURE.md', () => {
  it('is true to the code: events, paths and caches', () => {
    expect(checkMap(map, facts)).toEqual([]);
  });

  it('reads what it checks from the code and the map', () => {
    expect(facts.events).toContain('offer.submitted');
    expect(facts.events.length).toBeGreaterThan(15);
    expect(facts.caches.get('offer-answers')).toEqual(['apps/server/src/modules/offers/cache.ts']);
    expect(tableRows(map, 'Kept in memory').length).toBeGreaterThanOrEqual(facts.caches.size);
    expect(backtickedPaths(map)).toContain('modules/offers/routes.ts');
    expect(backtickedPaths(map)).not.toContain('/topic/queue');
  });
});

describe('checkMap', () => {
  it('reports an event missing from the table, and one the code does not emit', () => {
    const row = map.split('\n').find((l) => l.startsWith('| `offer.returned`'));
    expect(row).toBeDefined();
    const edited = map.replace(`${row}\n`, '').replace('| `offer.validated`', '| `offer.approved`');
    expect(checkMap(edited, facts).sort()).toEqual(
      [
        'event offer.returned is missing from the event table',
        'event offer.validated is missing from the event table',
        'event offer.approved is in the event table but not in PortalEvents',
      ].sort(),
    );
  });

  it('reports a path that does not exist, written from the root, a folder of the map or by its name', () => {
    const edited = map
      .replace('`apps/server/src/modules/offers/cache.ts`', '`apps/server/src/modules/offers/kept.ts`')
      .replace('`lib/graceful-stop.ts`', '`lib/graceful-end.ts`')
      .replace('`render.ts`', '`rendering.ts`');
    expect(checkMap(edited, facts).sort()).toEqual(
      [
        'path apps/server/src/modules/offers/kept.ts does not exist',
        'path lib/graceful-end.ts does not exist',
        'path rendering.ts does not exist',
      ].sort(),
    );
  });

  it('reports a cache missing from "Kept in memory", one no code marks, and a file that reads alone unmarked', () => {
    const row = map.split('\n').find((l) => l.startsWith('| `room-reads`'));
    expect(row).toBeDefined();
    const edited = map.replace(`${row}\n`, '').replace('| `first-screens`', '| `first-pages`');
    const unmarked = ['apps/server/src/modules/example/kept.ts'];
    expect(checkMap(edited, { ...facts, unmarked }).sort()).toEqual(
      [
        'cache room-reads (apps/server/src/modules/chat/audience.ts) is missing from "Kept in memory"',
        'cache first-screens (apps/server/src/lib/first-screen.ts) is missing from "Kept in memory"',
        'cache first-pages is in "Kept in memory" but no code marks it',
        'apps/server/src/modules/example/kept.ts reads alone but marks no cache (@cache <name>)',
      ].sort(),
    );
  });
});
