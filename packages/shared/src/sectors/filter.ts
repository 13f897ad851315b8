import { parseProvisionalCodes } from './codes.js';
import type { ServiceNode } from './types.js';

/** Lower case, accents removed, punctuation and spaces collapsed: "Réassurance" → "reassurance". */
function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}.*+-]+/gu, ' ')
    .trim();
}

/**
 * True when the node matches: its own code (`1.A` matches 1.A and, as a prefix, 1.A.a), a CPC code it cites that
 * starts with the query (`867` matches 8671; a range `83106-83109` matches 83107), or a title holding every word.
 */
export function nodeMatches(node: ServiceNode, query: string): boolean {
  const q = normalizeSearchText(query);
  if (!q) return false;
  const compact = q.replace(/\s+/g, '').replace(/\*+$/, '');
  const value = node.value.toLowerCase();
  if (value === compact || value.startsWith(`${compact}.`)) return true;
  if (/^\d{2,5}$/.test(compact) && citedCodes(node).some((c) => c.startsWith(compact))) return true;
  const title = normalizeSearchText(node.title);
  return q.split(' ').every((word) => title.includes(word));
}

function citedCodes(node: ServiceNode): string[] {
  const out = [...node.cpcCodes];
  for (const token of node.provisionalCodes) {
    try {
      out.push(...parseProvisionalCodes(token).codes);
    } catch {
      out.push(token);
    }
  }
  return out;
}

/**
 * The nodes matching a service (by code or words, case and accent insensitive), each with its ancestors so a
 * client can show it in place. A matching node keeps its whole subtree; other branches are pruned.
 * The query is plain text: regular-expression or SQL metacharacters have no meaning.
 */
export function filterServiceTree(nodes: readonly ServiceNode[], query: string): ServiceNode[] {
  if (!normalizeSearchText(query)) return [];
  const out: ServiceNode[] = [];
  for (const n of nodes) {
    if (nodeMatches(n, query)) out.push(n);
    else {
      const children = filterServiceTree(n.children, query);
      if (children.length) out.push({ ...n, children });
    }
  }
  return out;
}
