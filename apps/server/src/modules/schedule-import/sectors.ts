/**
 * Finds the services of the portal's classification that a schedule row names: by the code its marks and headings
 * spell ("a)" under "1." and "A." is W/120 1.A.a; "1.A.a" or a CPC code written whole), else by its title in English,
 * French or Arabic, else by the CPC codes in its brackets when they belong to one W/120 item only.
 */
import { walkTree, type SectorScheme, type ServiceNode } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { getServiceTree } from '../sectors/service.js';
import { plain, type ScheduleEntry, type ServiceLine } from './layout.js';

export interface FoundService {
  scheme: SectorScheme;
  node: ServiceNode;
  /** Values of the levels above it, top first (the sector's `details`). */
  path: string[];
}

export interface ServiceIndex {
  find(line: ServiceLine, entry: Pick<ScheduleEntry, 'headings' | 'cpc'>): FoundService | null;
}

type Placed = Map<string, FoundService>;

function place(tree: ServiceNode[], scheme: SectorScheme, into: Placed) {
  const walk = (nodes: ServiceNode[], path: string[]) => {
    for (const node of nodes) {
      into.set(node.value, { scheme, node, path });
      walk(node.children, [...path, node.value]);
    }
  };
  walk(tree, []);
}

/** Titles without their CPC bracket or closing full stop, for comparing with the classification's. */
const titleKey = (title: string) =>
  plain(title)
    .replace(/\(\s*cpc[^)]*\)\s*$/, '')
    .replace(/[.:;]+$/, '')
    .trim();

export async function serviceIndex(db: Db): Promise<ServiceIndex> {
  const [w120en, w120fr, w120ar, prov, cpc21] = await Promise.all([
    getServiceTree({ db, scheme: 'W120', lang: 'en' }),
    getServiceTree({ db, scheme: 'W120', lang: 'fr' }),
    getServiceTree({ db, scheme: 'W120', lang: 'ar' }),
    getServiceTree({ db, scheme: 'CPC_PROV', lang: 'en' }),
    getServiceTree({ db, scheme: 'CPC21', lang: 'en' }),
  ]);
  const w120: Placed = new Map();
  const provisional: Placed = new Map();
  const cpc: Placed = new Map();
  place(w120en, 'W120', w120);
  place(prov, 'CPC_PROV', provisional);
  place(cpc21, 'CPC21', cpc);
  const byTitle = new Map<string, Set<string>>();
  for (const tree of [w120en, w120fr, w120ar])
    for (const node of walkTree(tree)) {
      const key = titleKey(node.title);
      if (!byTitle.has(key)) byTitle.set(key, new Set());
      byTitle.get(key)!.add(node.value);
    }
  const byCpc = new Map<string, Set<string>>();
  for (const node of walkTree(w120en))
    if (node.children.length === 0)
      for (const code of node.provisionalCodes) {
        if (!byCpc.has(code)) byCpc.set(code, new Set());
        byCpc.get(code)!.add(node.value);
      }

  const only = (values: Set<string> | undefined) =>
    values && values.size === 1 ? (w120.get([...values][0]!) ?? null) : null;

  return {
    find(line, entry) {
      const sector = entry.headings.find((h) => /^\d/.test(h.mark))?.mark;
      const subsector = entry.headings.find((h) => /^[A-Z]$/.test(h.mark))?.mark;
      let code: string | null = null;
      if (line.level === 'code') code = line.mark;
      else if (line.level === 'sector') code = line.mark;
      else if (line.level === 'subsector' && sector) code = `${sector}.${line.mark}`;
      else if (line.level === 'item' && sector && subsector) code = `${sector}.${subsector}.${line.mark}`;
      if (code) {
        const found = w120.get(code) ?? provisional.get(code.replace(/\*+$/, '')) ?? cpc.get(code);
        if (found) return found;
      }
      const titled = only(byTitle.get(titleKey(line.title)));
      if (titled) return titled;
      // The CPC codes of the row, when every one belongs to the same single W/120 item.
      const items = new Set(entry.cpc.flatMap((c) => [...(byCpc.get(c) ?? [])]));
      if (entry.cpc.length && entry.cpc.every((c) => byCpc.has(c))) return only(items);
      return null;
    },
  };
}
