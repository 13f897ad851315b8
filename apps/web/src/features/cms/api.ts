/**
 * Content of the public pages (GET /cms/, /v2/cms/byType/…), through the one HTTP client. The secretariat's editing
 * calls are in editApi.ts: the public home page's first script does not carry them.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CmsEntry, CmsType, FirstScreenQuery, Language } from '@portal/shared';
import { http } from '../../api/http';
import { useLanguageState } from '../../i18n/useLanguageState';

export interface CmsPage {
  items: CmsEntry[];
  total: number;
  page: number;
  size: number;
}

export const CMS_KEY = ['cms'] as const;

/** Where anyone can see the image of a published entry. */
export const cmsImageUrl = (fileKey: string) => `/api/cms/image/${encodeURIComponent(fileKey)}`;

/** Every published entry of a type in a language, and its query key (the home's first screen is rendered from it). */
export const cmsByTypeRead = (type: CmsType, lng: Language) =>
  ({ key: [...CMS_KEY, 'type', type, lng], url: `/v2/cms/byType/${type}?lng=${lng}` }) satisfies FirstScreenQuery;

const cmsApi = {
  byType: (type: CmsType, lng: Language, signal?: AbortSignal) =>
    http.get<CmsEntry[]>(cmsByTypeRead(type, lng).url, signal),
  page: (type: CmsType, page: number, size: number, lng: Language, signal?: AbortSignal) =>
    http.get<CmsPage>(`/cms/?page=${page}&size=${size}&type=${type}&lng=${lng}`, signal),
};

/** The interface language, which public pages ask the content in. */
function useContentLanguage(): Language {
  return useLanguageState().language;
}

/** Every entry of a type in order (published only, unless the reader is staff). */
export function useCmsByType(type: CmsType, options: { lng?: Language; enabled?: boolean } = {}) {
  const current = useContentLanguage();
  const lng = options.lng ?? current;
  return useQuery({
    queryKey: cmsByTypeRead(type, lng).key,
    queryFn: ({ signal }) => cmsApi.byType(type, lng, signal),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}

/** A page of entries of a type (the home page shows page 1 of size 3). */
export function useCmsPage(type: CmsType, page: number, size: number) {
  const lng = useContentLanguage();
  return useQuery({
    queryKey: [...CMS_KEY, 'page', type, page, size, lng],
    queryFn: ({ signal }) => cmsApi.page(type, page, size, lng, signal),
    placeholderData: keepPreviousData,
  });
}
