import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SectorGroup, SectorLanguage, SectorScheme, ServiceNode } from '@portal/shared';
import { http } from '../../api/http';

/** The interface language as the sector API knows it. */
export function useSectorLanguage(): SectorLanguage {
  const { i18n } = useTranslation();
  return (['en', 'fr', 'ar'] as const).find((l) => i18n.language?.startsWith(l)) ?? 'en';
}

/** GET /arrays: the tree of a scheme in the interface language (same cache key as the offer editor's hook). */
export function useSectorTree(scheme: SectorScheme) {
  const lang = useSectorLanguage();
  return useQuery({
    queryKey: ['arrays', scheme, lang],
    queryFn: ({ signal }) => http.get<ServiceNode[]>(`/arrays?scheme=${scheme}&lang=${lang}`, signal),
    staleTime: 30 * 60_000,
  });
}

/** GET /sector-groups: 1 Business … 11 Transport (and 12), from the W/120 data. */
export function useSectorGroups() {
  return useQuery({
    queryKey: ['sector-groups'],
    queryFn: ({ signal }) => http.get<SectorGroup[]>('/sector-groups', signal),
    staleTime: 60 * 60_000,
  });
}
