import { parseProvisionalCodes, provisionalCodeTokens } from './codes.js';
import type { Classification } from './data.js';
import { w120GroupIndex, type W120GroupOf } from './groups.js';
import type { AddedService, CpcRow, SectorLanguage, SectorScheme, ServiceNode } from './types.js';

/** Builds the tree of one scheme in one language, with the services added by the secretariat merged in. */
export function buildServiceTree(
  data: Classification,
  scheme: SectorScheme,
  lang: SectorLanguage,
  added: readonly AddedService[] = [],
): ServiceNode[] {
  const roots =
    scheme === 'W120'
      ? buildW120Tree(data, lang)
      : buildCpcTree(data, scheme, scheme === 'CPC_PROV' ? data.cpcProv : data.cpc21);
  mergeAdded(
    roots,
    scheme,
    added.filter((a) => a.scheme === scheme),
  );
  setGroups(roots, scheme, groupIndexOf(data));
  return roots;
}

const groupIndexes = new WeakMap<Classification, W120GroupOf>();
function groupIndexOf(data: Classification): W120GroupOf {
  let index = groupIndexes.get(data);
  if (!index) groupIndexes.set(data, (index = w120GroupIndex(data)));
  return index;
}

/** Each node's W/120 sector; a node that corresponds to none (a service added under its own code) takes its parent's. */
function setGroups(nodes: ServiceNode[], scheme: SectorScheme, groupOf: W120GroupOf, parent?: string): void {
  for (const n of nodes) {
    const group = groupOf(scheme, n.value) ?? parent;
    if (group) n.group = group;
    setGroups(n.children, scheme, groupOf, group);
  }
}

/** W/120: 12 sectors → subsectors → items (→ the dash items of 7.B.f). Titles in the asked language, English fallback. */
function buildW120Tree(data: Classification, lang: SectorLanguage): ServiceNode[] {
  const byCode = new Map<string, ServiceNode>();
  const roots: ServiceNode[] = [];
  for (const row of data.w120) {
    const title = (lang === 'fr' ? row.title_fr : lang === 'ar' ? row.title_ar : '') || row.title_en;
    const node: ServiceNode = {
      title,
      value: row.code,
      key: `W120:${row.code}`,
      children: [],
      cpcCodes: [...(data.concordance.get(row.code)?.cpc21 ?? [])],
      provisionalCodes: provisionalCodeTokens(row.cpc_prov),
      level: row.level,
    };
    byCode.set(row.code, node);
    if (row.parent) byCode.get(row.parent)!.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * CPC Prov or CPC 2.1 by code: section → division → group → class → subclass. Each node carries the codes of the
 * other scheme through the W/120 items that cite it (CPC titles are English only: see data/reference/README.md).
 */
function buildCpcTree(data: Classification, scheme: 'CPC_PROV' | 'CPC21', rows: readonly CpcRow[]): ServiceNode[] {
  const { provToCpc21, cpc21ToProv } = crossIndex(data);
  const byCode = new Map<string, ServiceNode>();
  const roots: ServiceNode[] = [];
  for (const row of rows) {
    const node: ServiceNode = {
      title: row.title_en,
      value: row.code,
      key: `${scheme}:${row.code}`,
      children: [],
      cpcCodes: scheme === 'CPC21' ? [row.code] : [...(provToCpc21.get(row.code) ?? [])],
      provisionalCodes: scheme === 'CPC_PROV' ? [row.code] : [...(cpc21ToProv.get(row.code) ?? [])],
      level: row.code.length,
    };
    byCode.set(row.code, node);
  }
  for (const row of rows) {
    const node = byCode.get(row.code)!;
    if (row.parent) byCode.get(row.parent)!.children.push(node);
    else roots.push(node);
  }
  const sort = (nodes: ServiceNode[]) => {
    nodes.sort((a, b) => a.value.localeCompare(b.value));
    nodes.forEach((n) => sort(n.children));
  };
  sort(roots);
  return roots;
}

/** Provisional code ↔ CPC 2.1 code, through the W/120 leaves that cite both. */
function crossIndex(data: Classification) {
  const provToCpc21 = new Map<string, Set<string>>();
  const cpc21ToProv = new Map<string, Set<string>>();
  for (const row of data.w120) {
    const conc = data.concordance.get(row.code);
    if (!conc) continue;
    const prov = parseProvisionalCodes(row.cpc_prov).codes;
    for (const p of prov)
      for (const c of conc.cpc21) {
        if (!provToCpc21.has(p)) provToCpc21.set(p, new Set());
        provToCpc21.get(p)!.add(c);
        if (!cpc21ToProv.has(c)) cpc21ToProv.set(c, new Set());
        cpc21ToProv.get(c)!.add(p);
      }
  }
  return {
    provToCpc21: new Map([...provToCpc21].map(([k, v]) => [k, [...v].sort()])),
    cpc21ToProv: new Map([...cpc21ToProv].map(([k, v]) => [k, [...v].sort()])),
  };
}

function mergeAdded(roots: ServiceNode[], scheme: SectorScheme, added: readonly AddedService[]): void {
  const index = new Map<string, ServiceNode>();
  const walk = (n: ServiceNode) => {
    index.set(n.value, n);
    n.children.forEach(walk);
  };
  roots.forEach(walk);
  for (const a of added) {
    const parent = index.get(a.parent);
    if (!parent || index.has(a.value)) continue;
    const node: ServiceNode = {
      title: a.title,
      value: a.value,
      key: `${scheme}:${a.value}`,
      children: [],
      cpcCodes: scheme === 'CPC21' ? [a.value] : [],
      provisionalCodes: scheme === 'CPC_PROV' ? [a.value] : [],
      level: parent.level + 1,
      added: true,
    };
    parent.children.push(node);
    index.set(a.value, node);
  }
}

/** Every node of a forest, depth first. */
export function* walkTree(nodes: readonly ServiceNode[]): Generator<ServiceNode> {
  for (const n of nodes) {
    yield n;
    yield* walkTree(n.children);
  }
}

/** Finds the node with the given value. */
export function findNode(nodes: readonly ServiceNode[], value: string): ServiceNode | undefined {
  for (const n of walkTree(nodes)) if (n.value === value) return n;
  return undefined;
}

/** What the split on save needs to know of a chosen service: the codes its node offers and the levels above it. */
interface ServiceCodes {
  provisionalCodes: readonly string[];
  cpcCodes: readonly string[];
  /** Values of the levels above the node, top first (a sector's `details`). */
  path: readonly string[];
}

/** A chosen service's codes by its scheme and value; undefined for a service the trees do not hold. */
export type ServiceCodesLookup = (scheme: SectorScheme, value: string) => ServiceCodes | undefined;

/** Indexes the trees of the schemes given (the server passes the three, with the services the secretariat added). */
export function serviceCodesIndex(trees: Partial<Record<SectorScheme, readonly ServiceNode[]>>): ServiceCodesLookup {
  const index = new Map<string, ServiceCodes>();
  const walk = (scheme: SectorScheme, nodes: readonly ServiceNode[], path: string[]) => {
    for (const n of nodes) {
      index.set(`${scheme}:${n.value}`, { provisionalCodes: n.provisionalCodes, cpcCodes: n.cpcCodes, path });
      walk(scheme, n.children, [...path, n.value]);
    }
  };
  for (const [scheme, nodes] of Object.entries(trees)) if (nodes) walk(scheme as SectorScheme, nodes, []);
  return (scheme, value) => index.get(`${scheme}:${value}`);
}
