/** Content of the public pages (GET /cms/, /v2/cms/…) and the secretariat's editing calls, through the one HTTP client. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CmsEntry, CmsText, CmsType, CmsWrite, Language } from '@portal/shared';
import { http } from '../../api/http';
import { useLanguageState } from '../../i18n/useLanguageState';

export interface CmsPage {
  items: CmsEntry[];
  total: number;
  page: number;
  size: number;
}

interface CmsImage {
  fileKey: string;
  fileName: string;
  size: number;
  contentType: string;
}

export const CMS_KEY = ['cms'] as const;

/** Where anyone can see the image of a published entry. */
export const cmsImageUrl = (fileKey: string) => `/api/cms/image/${encodeURIComponent(fileKey)}`;

const cmsApi = {
  byType: (type: CmsType, lng: Language, signal?: AbortSignal) =>
    http.get<CmsEntry[]>(`/v2/cms/byType/${type}?lng=${lng}`, signal),
  page: (type: CmsType, page: number, size: number, lng: Language, signal?: AbortSignal) =>
    http.get<CmsPage>(`/cms/?page=${page}&size=${size}&type=${type}&lng=${lng}`, signal),
  entry: (id: string, lng: Language, signal?: AbortSignal) =>
    http.get<CmsEntry>(`/v2/cms/${encodeURIComponent(id)}?lng=${lng}`, signal),
  create: (body: CmsWrite, lng: Language) => http.post<CmsEntry>(`/v2/cms?lng=${lng}`, body),
  update: (id: string, body: CmsWrite, lng: Language) =>
    http.put<CmsEntry>(`/v2/cms/${encodeURIComponent(id)}?lng=${lng}`, body),
  remove: (id: string) => http.delete<null>(`/v2/cms/${encodeURIComponent(id)}`),
  upload: (type: CmsType, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return http.post<CmsImage>(`/v2/cms/upload/${type.toLowerCase()}`, form);
  },
  /** A PDF attached to an entry (legislation texts). */
  uploadDocument: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return http.post<CmsImage>('/v2/cms/upload/document', form);
  },
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
    queryKey: [...CMS_KEY, 'type', type, lng],
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

/** One entry in one language, for the editor (no fallback shown as if it were that language's text). */
export function useCmsEntry(id: string | null, lng: Language) {
  return useQuery({
    queryKey: [...CMS_KEY, 'entry', id, lng],
    queryFn: ({ signal }) => cmsApi.entry(id!, lng, signal),
    enabled: id !== null,
  });
}

const EMPTY_TEXT: CmsText = { title: '', summary: '', body: '' };

/** The text an entry holds in a language: its own, or empty when only the English fallback came back. */
export function textIn(entry: CmsEntry, lng: Language): CmsText {
  return entry.languages.includes(lng) && entry.lang === lng ? entry.text : EMPTY_TEXT;
}

/** The fields of an entry as a write body, with the given text. */
function writeBodyOf(entry: CmsEntry, text: CmsText): CmsWrite {
  return {
    type: entry.type,
    position: entry.position,
    image: entry.image,
    link: entry.link,
    eventDate: entry.eventDate,
    countryCode: entry.countryCode,
    document: entry.document,
    published: entry.published,
    text,
  };
}

/**
 * Changes fields that are not text (position, published) without touching any language's text:
 * PUT stores the text of ?lng, so the entry is read in a language it has and that same text is sent back.
 */
async function changeFields(entry: CmsEntry, fields: Partial<Pick<CmsWrite, 'position' | 'published'>>) {
  const lng = entry.languages.includes(entry.lang) ? entry.lang : (entry.languages[0] ?? 'en');
  const own = entry.lang === lng ? entry : await cmsApi.entry(entry.id, lng);
  return cmsApi.update(entry.id, { ...writeBodyOf(own, own.text), ...fields }, lng);
}

/** Editing calls; each refreshes every CMS query (public pages and lists) once done. */
export function useCmsMutations() {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: CMS_KEY });
  return {
    save: useMutation({
      mutationFn: ({ id, body, lng }: { id: string | null; body: CmsWrite; lng: Language }) =>
        id ? cmsApi.update(id, body, lng) : cmsApi.create(body, lng),
      onSettled: settled,
    }),
    setFields: useMutation({
      mutationFn: (changes: { entry: CmsEntry; fields: Partial<Pick<CmsWrite, 'position' | 'published'>> }[]) =>
        Promise.all(changes.map((c) => changeFields(c.entry, c.fields))),
      onSettled: settled,
    }),
    remove: useMutation({ mutationFn: (id: string) => cmsApi.remove(id), onSettled: settled }),
    upload: useMutation({ mutationFn: ({ type, file }: { type: CmsType; file: File }) => cmsApi.upload(type, file) }),
    uploadDocument: useMutation({ mutationFn: (file: File) => cmsApi.uploadDocument(file) }),
  };
}

/**
 * The position changes that move the entry at `index` one place up (-1) or down (+1): the list is
 * renumbered 0..n-1 in its new order and only entries whose position changes are returned.
 */
export function reorder<T extends { id: string; position: number }>(
  entries: readonly T[],
  index: number,
  step: -1 | 1,
): { entry: T; position: number }[] {
  const target = index + step;
  if (index < 0 || index >= entries.length || target < 0 || target >= entries.length) return [];
  const order = [...entries];
  [order[index], order[target]] = [order[target], order[index]];
  return order
    .map((entry, position) => ({ entry, position }))
    .filter(({ entry, position }) => entry.position !== position);
}
