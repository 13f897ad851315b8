import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SectorScheme, ServiceNode } from '@portal/shared';
import { http } from '../../../api/http';
import type { PickedService } from './wizard';

interface IndexedTree {
  tree: ServiceNode[];
  byKey: Map<string, PickedService>;
}

function index(tree: ServiceNode[]): Map<string, PickedService> {
  const byKey = new Map<string, PickedService>();
  const walk = (nodes: ServiceNode[], root: string | null, path: string[]) => {
    for (const n of nodes) {
      byKey.set(n.key, {
        title: n.title,
        value: n.value,
        key: n.key,
        root: root ?? n.value,
        provisionalCodes: n.provisionalCodes,
        cpcCodes: n.cpcCodes,
        path,
      });
      walk(n.children ?? [], root ?? n.value, [...path, n.value]);
    }
  };
  walk(tree, null, []);
  return byKey;
}

/** The services classification of a scheme in the interface language (GET /arrays), indexed by key. */
export function useServiceTree(scheme: SectorScheme) {
  const { i18n } = useTranslation();
  const lang = (['en', 'fr', 'ar'] as const).find((l) => i18n.language?.startsWith(l)) ?? 'en';
  const query = useQuery({
    queryKey: ['arrays', scheme, lang],
    queryFn: ({ signal }) => http.get<ServiceNode[]>(`/arrays?scheme=${scheme}&lang=${lang}`, signal),
    staleTime: 30 * 60_000,
  });
  const indexed = useMemo<IndexedTree | undefined>(
    () => (query.data ? { tree: query.data, byKey: index(query.data) } : undefined),
    [query.data],
  );
  return { ...query, indexed };
}
