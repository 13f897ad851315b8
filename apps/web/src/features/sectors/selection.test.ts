import { describe, expect, it } from 'vitest';
import { filterServiceTree, type ServiceNode } from '@portal/shared';
import { partlyChosen, toggleNode } from './selection';

const node = (value: string, title: string, children: ServiceNode[] = []): ServiceNode => ({
  title,
  value,
  key: `W120:${value}`,
  children,
  cpcCodes: [],
  provisionalCodes: [],
  level: value.split('.').length,
});
const tree = [
  node('1', 'BUSINESS SERVICES', [
    node('1.A', 'Professional services', [node('1.A.a', 'Legal services'), node('1.A.b', 'Accounting')]),
    node('1.B', 'Computer and related services', [
      node('1.B.a', 'Consultancy related to the installation of computer hardware'),
      node('1.B.b', 'Software implementation services'),
    ]),
  ]),
  node('2', 'COMMUNICATION SERVICES', [node('2.A', 'Postal services')]),
];

describe('toggleNode', () => {
  it('ticking the one match of a search chooses that service alone, not its subsector or sector', () => {
    const shown = filterServiceTree(tree, 'software');
    expect(toggleNode(tree, shown, [], 'W120:1.B.b', true)).toEqual(['W120:1.B.b']);
  });

  it('chooses a parent once all its children in the whole tree are chosen, across searches', () => {
    const first = toggleNode(tree, filterServiceTree(tree, 'software'), [], 'W120:1.B.b', true);
    const both = toggleNode(tree, filterServiceTree(tree, 'consultancy'), first, 'W120:1.B.a', true);
    expect(both).toEqual(['W120:1.B', 'W120:1.B.a', 'W120:1.B.b']);
  });

  it('ticks a whole subtree from the full tree, and unticking a child drops its ancestors', () => {
    const all = toggleNode(tree, tree, [], 'W120:1', true);
    expect(all).toEqual(['W120:1', 'W120:1.A', 'W120:1.A.a', 'W120:1.A.b', 'W120:1.B', 'W120:1.B.a', 'W120:1.B.b']);
    expect(toggleNode(tree, tree, all, 'W120:1.A.b', false)).toEqual([
      'W120:1.A.a',
      'W120:1.B',
      'W120:1.B.a',
      'W120:1.B.b',
    ]);
  });

  it('a leaf-only sector: ticking its one child chooses the sector too (all its children are chosen)', () => {
    expect(toggleNode(tree, tree, [], 'W120:2.A', true)).toEqual(['W120:2', 'W120:2.A']);
  });
});

describe('partlyChosen', () => {
  it('half ticks the ancestors of a chosen service, not the service or a whole chosen parent', () => {
    expect(partlyChosen(tree, ['W120:1.B.b'])).toEqual(['W120:1.B', 'W120:1']);
    expect(partlyChosen(tree, ['W120:1.B', 'W120:1.B.a', 'W120:1.B.b'])).toEqual(['W120:1']);
  });
});
