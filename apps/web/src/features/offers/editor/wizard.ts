/**
 * Where the editor is: tab 0 horizontal commitments, tabs 1..n the sectors (step 0 chooses the service, step 1 holds
 * the commitments), tab n+1 the MFN exemptions (the spec's offer workflow). Pure functions, tested beside.
 */
import {
  compareSectorGroups,
  orderOfKeys,
  sectorGroupOf,
  sectorGroupPrefix,
  type ChosenService,
  type OfferDocument,
  type Sector,
  type SectorOrderKey,
  type W120GroupOf,
} from '@portal/shared';

export interface WizardPosition {
  tab: number;
  step: 0 | 1;
}

type WizardMove = { ok: true; position: WizardPosition } | { ok: false; error: 'selectSector' };

export const mfnTab = (doc: Pick<OfferDocument, 'sectors'>) => doc.sectors.length + 1;
export const isLastTab = (pos: WizardPosition, doc: Pick<OfferDocument, 'sectors'>) => pos.tab === mfnTab(doc);
export const sectorIndexOf = (pos: WizardPosition, doc: Pick<OfferDocument, 'sectors'>) =>
  pos.tab >= 1 && pos.tab <= doc.sectors.length ? pos.tab - 1 : null;

/** The sector of the open tab, or undefined on the horizontal-commitments and MFN tabs. */
export function sectorOf(pos: WizardPosition, doc: Pick<OfferDocument, 'sectors'>): Sector | undefined {
  const index = sectorIndexOf(pos, doc);
  return index === null ? undefined : doc.sectors[index];
}

/** Opening a tab: a sector that already has its service opens on its commitments. */
export function openTab(tab: number, doc: Pick<OfferDocument, 'sectors'>): WizardPosition {
  const clamped = Math.max(0, Math.min(tab, mfnTab(doc)));
  const sector = doc.sectors[clamped - 1];
  return { tab: clamped, step: clamped >= 1 && sector && sector.services.length > 0 ? 1 : 0 };
}

/**
 * The tabs in the order the list shows them (tabOrder): Next and Previous follow the grouped list on screen, not the
 * stored order. Without it, the stored order.
 */
type TabOrder = readonly number[];

function neighbour(tab: number, doc: Pick<OfferDocument, 'sectors'>, order: TabOrder | undefined, step: 1 | -1) {
  if (!order || order.length !== mfnTab(doc) + 1) return tab + step;
  const at = order.indexOf(tab);
  if (at === -1) return tab + step;
  return order[Math.max(0, Math.min(order.length - 1, at + step))] ?? tab + step;
}

export function next(pos: WizardPosition, doc: Pick<OfferDocument, 'sectors'>, order?: TabOrder): WizardMove {
  const sector = sectorOf(pos, doc);
  if (sector && pos.step === 0) {
    if (sector.services.length === 0) return { ok: false, error: 'selectSector' };
    return { ok: true, position: { tab: pos.tab, step: 1 } };
  }
  if (pos.tab >= mfnTab(doc)) return { ok: true, position: pos };
  return { ok: true, position: openTab(neighbour(pos.tab, doc, order, 1), doc) };
}

export function previous(pos: WizardPosition, doc: Pick<OfferDocument, 'sectors'>, order?: TabOrder): WizardPosition {
  if (sectorIndexOf(pos, doc) !== null && pos.step === 1) return { tab: pos.tab, step: 0 };
  if (pos.tab <= 0) return pos;
  return openTab(neighbour(pos.tab, doc, order, -1), doc);
}

/** After a sector is appended: its tab, on the step that chooses the service. */
export function positionOfNewSector(doc: Pick<OfferDocument, 'sectors'>): WizardPosition {
  return { tab: doc.sectors.length, step: 0 };
}

/** A service picked in the tree, with the sector (first level) it belongs to. */
export interface PickedService extends ChosenService {
  /** Value of the first-level node above it (W/120: '1' … '12'; CPC: the section). */
  root: string;
  provisionalCodes?: string[];
  cpcCodes?: string[];
  /** Values of the levels above it, top first. */
  path?: string[];
}

type ServicesChoice = { ok: true; sector: Sector } | { ok: false; error: 'moreThanOneSector' };

/**
 * Sets the services of a sector (the spec's validation rules: only one sector may be chosen at once, so every service
 * must sit under the same first-level sector). The code lists offered are the union of the services' codes; a choice of
 * codes that no longer applies is cleared.
 */
export function chooseServices(sector: Sector, picked: PickedService[], type: string): ServicesChoice {
  const roots = new Set(picked.map((p) => p.root));
  if (roots.size > 1) return { ok: false, error: 'moreThanOneSector' };
  const unique = <T>(xs: T[]) => [...new Set(xs)];
  const provisional = unique(picked.flatMap((p) => p.provisionalCodes ?? []));
  const cpc = unique(picked.flatMap((p) => p.cpcCodes ?? []));
  return {
    ok: true,
    sector: {
      ...sector,
      type,
      services: picked.map(({ title, value, key }) => ({ title, value, key })),
      codes: picked.map((p) => p.value),
      details: picked[0]?.path ?? [],
      codesCPC: provisional,
      codesCPC2: cpc,
      provisional_codes: sector.provisional_codes.filter((c) => provisional.includes(c)),
      cpc_codes: sector.cpc_codes.filter((c) => cpc.includes(c)),
    },
  };
}

/** Only one code list at a time (the spec's validation rules): the other is disabled while one has selections. */
export function codeListsEnabled(sector: Pick<Sector, 'provisional_codes' | 'cpc_codes'>) {
  return { provisional: sector.cpc_codes.length === 0, cpc: sector.provisional_codes.length === 0 };
}

const w120Only: W120GroupOf = (scheme, code) => (scheme === 'W120' ? sectorGroupPrefix(code) : null);

/**
 * The sector group of a sector (shared sectorGroupOf): the W/120 sector its services correspond to — a CPC-coded
 * sector's through the concordance, never its CPC digits — 'other' when none, null while it has no service.
 * `groupOf` answers from the service trees (their nodes' `group`); a W/120 code is read from its prefix meanwhile.
 */
export function groupOf(sector: Pick<Sector, 'type' | 'services'>, lookup: W120GroupOf = w120Only): string | null {
  return sectorGroupOf(sector, lookup);
}

interface TabGroup {
  /** Sector group: the W/120 sector '1' … '12', 'other', or null for the sectors with no service yet. */
  prefix: string | null;
  /** Indexes of the sectors in the document, in classification order (ties in document order). */
  sectors: number[];
}

/**
 * Sector tabs grouped by sector group (1 … 12, Other services, then the sectors to choose), or one flat group; in
 * each, the sectors in classification order (shared sectors/order.ts: 1.A.a before 1.A.b before 1.B), whatever the
 * order they were added in. `order` is the tab's place (sectorOrderKey); without it, document order.
 */
export function groupTabs(
  tabs: readonly { group: string | null; order?: SectorOrderKey }[],
  ungrouped: boolean,
): TabGroup[] {
  const none: SectorOrderKey = { w120: null, cpc: null };
  const ordered = orderOfKeys(tabs.map((t) => t.order ?? none));
  if (ungrouped) return [{ prefix: null, sectors: ordered }];
  const groups = new Map<string | null, number[]>();
  for (const i of ordered) {
    const group = tabs[i]!.group;
    groups.set(group, [...(groups.get(group) ?? []), i]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => compareSectorGroups(a, b))
    .map(([prefix, idx]) => ({ prefix, sectors: idx }));
}

/** The tab numbers in the order the list shows them: horizontal (0), the sectors group by group, MFN exemptions. */
export function tabOrder(groups: readonly TabGroup[]): number[] {
  const sectors = groups.flatMap((g) => g.sectors.map((i) => i + 1));
  return [0, ...sectors, sectors.length + 1];
}
