/** The secretariat's editing calls on the CMS (GET one entry in one language, POST, PUT, DELETE, uploads). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CmsEntry, CmsText, CmsType, CmsWrite, Language, UploadedFile } from '@portal/shared';
import { http } from '../../api/http';
import { CMS_KEY } from './api';

const cmsEditApi = {
  entry: (id: string, lng: Language, signal?: AbortSignal) =>
    http.get<CmsEntry>(`/v2/cms/${encodeURIComponent(id)}?lng=${lng}`, signal),
  create: (body: CmsWrite, lng: Language) => http.post<CmsEntry>(`/v2/cms?lng=${lng}`, body),
  update: (id: string, body: CmsWrite, lng: Language) =>
    http.put<CmsEntry>(`/v2/cms/${encodeURIComponent(id)}?lng=${lng}`, body),
  remove: (id: string) => http.delete<null>(`/v2/cms/${encodeURIComponent(id)}`),
  upload: (type: CmsType, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return http.post<UploadedFile>(`/v2/cms/upload/${type.toLowerCase()}`, form);
  },
  /** A PDF attached to an entry (legislation texts). */
  uploadDocument: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return http.post<UploadedFile>('/v2/cms/upload/document', form);
  },
};

/** One entry in one language, for the editor (no fallback shown as if it were that language's text). */
export function useCmsEntry(id: string | null, lng: Language) {
  return useQuery({
    queryKey: [...CMS_KEY, 'entry', id, lng],
    queryFn: ({ signal }) => cmsEditApi.entry(id!, lng, signal),
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
  const own = entry.lang === lng ? entry : await cmsEditApi.entry(entry.id, lng);
  return cmsEditApi.update(entry.id, { ...writeBodyOf(own, own.text), ...fields }, lng);
}

/** Editing calls; each refreshes every CMS query (public pages and lists) once done. */
export function useCmsMutations() {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: CMS_KEY });
  return {
    save: useMutation({
      mutationFn: ({ id, body, lng }: { id: string | null; body: CmsWrite; lng: Language }) =>
        id ? cmsEditApi.update(id, body, lng) : cmsEditApi.create(body, lng),
      onSettled: settled,
    }),
    setFields: useMutation({
      mutationFn: (changes: { entry: CmsEntry; fields: Partial<Pick<CmsWrite, 'position' | 'published'>> }[]) =>
        Promise.all(changes.map((c) => changeFields(c.entry, c.fields))),
      onSettled: settled,
    }),
    remove: useMutation({ mutationFn: (id: string) => cmsEditApi.remove(id), onSettled: settled }),
    upload: useMutation({
      mutationFn: ({ type, file }: { type: CmsType; file: File }) => cmsEditApi.upload(type, file),
    }),
    uploadDocument: useMutation({ mutationFn: (file: File) => cmsEditApi.uploadDocument(file) }),
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
  const moved = entries[index];
  const other = entries[target];
  // Nothing moves past either end of the list.
  if (!moved || !other) return [];
  const order = entries.map((entry, i) => (i === index ? other : i === target ? moved : entry));
  return order
    .map((entry, position) => ({ entry, position }))
    .filter(({ entry, position }) => entry.position !== position);
}
