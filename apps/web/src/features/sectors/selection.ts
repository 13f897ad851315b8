import { walkTree, type ServiceNode } from '@portal/shared';

/**
 * The keys chosen after ticking or unticking one node, conducted over the whole tree, not over what a search shows.
 * A search shows a parent with only its matching children; ticking the one match must not choose the parent (and with
 * it the whole sector, which the tree would do by itself). A node ticked takes its subtree as shown; a node unticked
 * leaves with its subtree as shown and its ancestors; then a parent is chosen exactly when all its children in the
 * whole tree are.
 */
export function toggleNode(
  tree: readonly ServiceNode[],
  shown: readonly ServiceNode[],
  current: readonly string[],
  key: string,
  checked: boolean,
): string[] {
  const keys = new Set(current);
  const node = [...walkTree(shown)].find((n) => n.key === key);
  if (!node) return [...current];
  const subtree = [...walkTree([node])].map((n) => n.key);
  if (checked) for (const k of subtree) keys.add(k);
  else {
    for (const k of subtree) keys.delete(k);
    for (const a of ancestorsOf(tree, key)) keys.delete(a);
  }
  conduct(tree, keys);
  // In the tree's order: a stable selection, whatever order the ticks came in.
  return [...walkTree(tree)].filter((n) => keys.has(n.key)).map((n) => n.key);
}

/** The keys of the ancestors of `key` in the whole tree, nearest last. */
function ancestorsOf(nodes: readonly ServiceNode[], key: string, path: string[] = []): string[] {
  for (const n of nodes) {
    if (n.key === key) return path;
    const found = ancestorsOf(n.children, key, [...path, n.key]);
    if (found.length || n.children.some((c) => c.key === key)) return found;
  }
  return [];
}

/** Sets each parent chosen exactly when all its children are (bottom-up). */
function conduct(nodes: readonly ServiceNode[], keys: Set<string>): void {
  for (const n of nodes) {
    if (n.children.length === 0) continue;
    conduct(n.children, keys);
    if (n.children.every((c) => keys.has(c.key))) keys.add(n.key);
    else keys.delete(n.key);
  }
}

/** The nodes shown half ticked: not chosen themselves, with something chosen below them in the whole tree. */
export function partlyChosen(nodes: readonly ServiceNode[], keys: readonly string[]): string[] {
  const chosen = new Set(keys);
  const out: string[] = [];
  const visit = (n: ServiceNode): boolean => {
    let below = false;
    for (const c of n.children) if (visit(c)) below = true;
    if (below && !chosen.has(n.key)) out.push(n.key);
    return below || chosen.has(n.key);
  };
  nodes.forEach(visit);
  return out;
}
