import crypto from 'node:crypto';
import {
  MODES_OF_SUPPLY,
  SECTOR_TYPE_CODES,
  blankSector,
  walkTree,
  type OfferDocument,
  type Sector,
  type SectorScheme,
  type ServiceNode,
} from '@portal/shared';
import type { TestApp } from './harness.js';
import { call } from './http.js';
import { buildOfferDocument } from './offer-factory.js';

/** The service tree of a scheme (GET /arrays), with the path of each node as the editor keeps it. */
export async function serviceTree(t: TestApp, token: string, scheme: SectorScheme = 'W120') {
  const tree = (await call(t, 'GET', `/arrays?scheme=${scheme}&lang=en`, { token })).body.payload as ServiceNode[];
  const byValue = new Map<string, { node: ServiceNode; path: string[] }>();
  const walk = (nodes: ServiceNode[], path: string[]) => {
    for (const node of nodes) {
      byValue.set(node.value, { node, path });
      walk(node.children, [...path, node.value]);
    }
  };
  walk(tree, []);
  return { tree, byValue, all: [...walkTree(tree)] };
}

/** A sector as the editor makes it when these services are ticked (wizard.ts chooseServices), codes chosen too. */
export function editorSector(
  tree: Awaited<ReturnType<typeof serviceTree>>,
  values: string[],
  scheme: SectorScheme = 'W120',
  chooseCodes = true,
): Sector {
  const picked = values.map((v) => tree.byValue.get(v)!);
  const unique = <T>(xs: T[]) => [...new Set(xs)];
  const provisional = unique(picked.flatMap((p) => p.node.provisionalCodes));
  return {
    ...blankSector(crypto.randomUUID()),
    type: SECTOR_TYPE_CODES[scheme],
    services: picked.map(({ node }) => ({ title: node.title, value: node.value, key: node.key })),
    codes: picked.map((p) => p.node.value),
    details: picked[0]!.path,
    codesCPC: provisional,
    codesCPC2: unique(picked.flatMap((p) => p.node.cpcCodes)),
    provisional_codes: chooseCodes ? provisional.filter((c) => /^\d+$/.test(c)) : [],
  };
}

const VALUES = ['None', 'Unbound', 'Unbound*', '', 'Unbound except as indicated in the horizontal section'];

/**
 * A schedule of `count` W/120 leaves (with a subsector-level and a two-service sector) whose entries go through
 * every fixed value, written limitations, comments and GATS+/AfCFTA+ marks, so a round trip shows each kind of value.
 */
export function scheduleDocument(tree: Awaited<ReturnType<typeof serviceTree>>, count: number): OfferDocument {
  const doc = buildOfferDocument(0);
  const leaves = tree.all.filter(
    (n) => n.key.startsWith('W120:') && n.children.length === 0 && n.value !== '1.A.a' && n.value !== '1.A.b',
  );
  const sectors = [editorSector(tree, ['1.A.a', '1.A.b']), editorSector(tree, ['2.A'], 'W120', false)];
  for (const leaf of leaves.slice(0, Math.max(0, count - sectors.length)))
    sectors.push(editorSector(tree, [leaf.value]));
  sectors.forEach((sector, s) => {
    const c = sector.sectorCommitement;
    MODES_OF_SUPPLY.forEach((mode, m) => {
      const ma = c.limitationsMA[mode];
      const nt = c.limitationsOnNationalTreatment[mode];
      ma.value = VALUES[(s + m) % VALUES.length]!;
      nt.value =
        (s + m) % 3 === 0
          ? `Foreign equity limited to ${49 - m}% (sector ${s + 1}); licence from the regulator.`
          : VALUES[(s + 2 * m) % VALUES.length]!;
      if ((s + m) % 4 === 1 && ma.value) {
        ma.hasComment = true;
        ma.comment = `reviewed in ${2027 + m}`;
      }
      ma.isChecked = (s + m) % 5 === 2;
      nt.isCheckedLiberation = (s + m) % 6 === 3;
    });
    c.additionalCommitment.commitment =
      s % 2 ? `<p>Regulator to publish licensing criteria &amp; fees (sector ${s + 1}).</p>` : '';
  });
  doc.sectors = sectors;
  return doc;
}
