import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import {
  parseSectorScheme,
  sectorGroupPrefix,
  type ChosenService,
  type SectorScheme,
  type ServiceNode,
  type W120GroupOf,
} from '@portal/shared';
import { http } from '../../../api/http';
import { useSectorLanguage } from '../../sectors/useSectorTree';

/** What the tabs and headings read of the classification in the interface language. */
export interface SectorLabels {
  /** The interface language the titles are in. */
  lang: string;
  /** A chosen service's title in the interface language (French and Arabic W/120 titles); the stored one otherwise. */
  titleOf: (service: ChosenService) => string;
  /** The W/120 sector a code corresponds to: a W/120 code's prefix, a CPC code's group in its tree. */
  groupOf: W120GroupOf;
}

interface Entry {
  title: string;
  group?: string;
}

function index(trees: readonly (readonly [SectorScheme, ServiceNode[] | null | undefined])[]) {
  const byKey = new Map<string, Entry>();
  const walk = (scheme: SectorScheme, nodes: readonly ServiceNode[]) => {
    for (const n of nodes) {
      const entry = { title: n.title, group: n.group };
      byKey.set(n.key, entry);
      byKey.set(`${scheme}:${n.value}`, entry);
      walk(scheme, n.children ?? []);
    }
  };
  for (const [scheme, nodes] of trees) if (Array.isArray(nodes)) walk(scheme, nodes);
  return byKey;
}

/**
 * The service trees the sectors need, in the interface language (GET /arrays, the picker's cache): W/120 for the
 * titles, a CPC tree only when a sector was chosen in it (its nodes carry the W/120 group through the concordance).
 */
export function useSectorLabels(types: readonly string[]): SectorLabels {
  const lang = useSectorLanguage();
  const schemes = useMemo(() => {
    const set = new Set<SectorScheme>(['W120']);
    for (const t of types) set.add(parseSectorScheme(t) ?? 'W120');
    return [...set].sort();
  }, [types]);
  const results = useQueries({
    queries: schemes.map((scheme) => ({
      queryKey: ['arrays', scheme, lang],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        http.get<ServiceNode[]>(`/arrays?scheme=${scheme}&lang=${lang}`, signal),
      staleTime: 30 * 60_000,
    })),
  });
  const datas = results.map((r) => r.data);
  // Recomputed only when a tree arrives or the language changes, so the tab list stays the same object meanwhile.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => build(lang, schemes, datas), [lang, schemes, ...datas]);
}

function build(lang: string, schemes: SectorScheme[], datas: (ServiceNode[] | undefined)[]): SectorLabels {
  const byKey = index(schemes.map((s, i) => [s, datas[i]] as const));
  return {
    lang,
    titleOf: (service) => byKey.get(service.key)?.title || service.title,
    groupOf: (scheme, code) =>
      scheme === 'W120' ? sectorGroupPrefix(code) : (byKey.get(`${scheme}:${code}`)?.group ?? null),
  };
}
