import { describe, expect, it } from 'vitest';
import type { GatsRow, SectorGroup } from '@portal/shared';
import { buildCommitmentTree, rowsOfNode } from './commitmentTree';
import { itemAt } from '../../test/itemAt';

const row = (id: number, Member: string, SectorCode: string): GatsRow => ({
  id,
  Member,
  SectorCode,
  SectorName: `name ${SectorCode}`,
  SectorText: '',
  MA1: '',
  MA2: '',
  MA3: '',
  MA4: '',
  NT1: '',
  NT2: '',
  NT3: '',
  NT4: '',
  Source: '',
});
const groups = [
  { prefix: '1', label: 'Business' },
  { prefix: '11', label: 'Transport' },
  { prefix: '2', label: 'Communication' },
] as SectorGroup[];

describe('the View GATS tree', () => {
  const rows = [row(1, 'A', '11.F.b'), row(2, 'A', '1.A.a'), row(3, 'A', '1.A.a'), row(4, 'B', '2.C.a')];
  const tree = buildCommitmentTree(rows, groups);
  it('groups rows by member, sector group (in numeric order) and sector, with counts', () => {
    expect(tree.map((n) => n.title)).toEqual(['A (3)', 'B (1)']);
    expect(tree[0]?.children.map((n) => n.title)).toEqual(['1 Business (2)', '11 Transport (1)']);
    expect(tree[0]?.children[0]?.children.map((n) => n.title)).toEqual(['1.A.a name 1.A.a (2)']);
  });
  it('lists the sectors of a group in classification order, not as text', () => {
    const own = buildCommitmentTree(
      [row(1, 'A', '1.B'), row(2, 'A', '1.A.b'), row(3, 'A', '1.F.r'), row(4, 'A', '1.A.a')],
      groups,
    );
    expect(own[0]?.children[0]?.children.map((n) => n.key)).toEqual(['s:A:1.A.a', 's:A:1.A.b', 's:A:1.B', 's:A:1.F.r']);
  });
  it('gives the rows of a node', () => {
    const member = itemAt(tree, 0);
    expect(rowsOfNode(rows, member).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(rowsOfNode(rows, itemAt(member.children, 1)).map((r) => r.id)).toEqual([1]);
    expect(rowsOfNode(rows, itemAt(itemAt(member.children, 0).children, 0)).map((r) => r.id)).toEqual([2, 3]);
    expect(rowsOfNode(rows, null)).toHaveLength(4);
  });
});
