import { compareW120Codes, type GatsRow, type SectorGroup } from '@portal/shared';

export interface CommitmentTreeNode {
  key: string;
  title: string;
  children: CommitmentTreeNode[];
  /** The rows the node stands for: a member, a member's sector group, or one sector of a member. */
  filter: { member: string; group?: string; sector?: string };
}

/** The View GATS tree: member → sector group → sector, with row counts, built from the rows of a look-up. */
export function buildCommitmentTree(rows: GatsRow[], groups: SectorGroup[]): CommitmentTreeNode[] {
  const label = new Map(groups.map((g) => [g.prefix, g.label]));
  const byMember = new Map<string, Map<string, Map<string, { name: string; count: number }>>>();
  for (const r of rows) {
    const group = r.SectorCode.split('.')[0];
    const m = byMember.get(r.Member) ?? new Map();
    byMember.set(r.Member, m);
    const g = m.get(group) ?? new Map();
    m.set(group, g);
    const s = g.get(r.SectorCode) ?? { name: r.SectorName, count: 0 };
    s.count++;
    g.set(r.SectorCode, s);
  }
  const count = (n: number) => ` (${n})`;
  return [...byMember].map(([member, groupsOf]) => {
    const memberTotal = [...groupsOf.values()].reduce(
      (a, g) => a + [...g.values()].reduce((b, s) => b + s.count, 0),
      0,
    );
    return {
      key: `m:${member}`,
      title: member + count(memberTotal),
      filter: { member },
      children: [...groupsOf]
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([group, sectors]) => ({
          key: `g:${member}:${group}`,
          title: `${group} ${label.get(group) ?? ''}${count([...sectors.values()].reduce((a, s) => a + s.count, 0))}`,
          filter: { member, group },
          // W/120 codes in classification order, 1.A.b before 1.B before 1.C (never as text).
          children: [...sectors]
            .sort(([a], [b]) => compareW120Codes(a, b))
            .map(([code, s]) => ({
              key: `s:${member}:${code}`,
              title: `${code} ${s.name}${count(s.count)}`,
              filter: { member, sector: code },
              children: [],
            })),
        })),
    };
  });
}

/** The rows a tree node stands for. */
export function rowsOfNode(rows: GatsRow[], node: CommitmentTreeNode | null): GatsRow[] {
  if (!node) return rows;
  const { member, group, sector } = node.filter;
  return rows.filter(
    (r) =>
      r.Member === member && (!group || r.SectorCode.split('.')[0] === group) && (!sector || r.SectorCode === sector),
  );
}
