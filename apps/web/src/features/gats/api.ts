import { useQuery } from '@tanstack/react-query';
import type { GatsFilter, GatsFilterResult, GatsMember, GatsMemberCommitments, GatsPage } from '@portal/shared';
import { http } from '../../api/http';
import { saveBase64File } from '../../api/download';

/** POST /gats/filter (View GATS); empty lists mean every service or every member. */
export function useGatsFilter(filter: GatsFilter, enabled = true) {
  return useQuery({
    queryKey: ['gats-filter', filter],
    queryFn: () => http.post<GatsFilterResult>('/gats/filter', filter),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** GET /gats/members: members with commitments, their page id and the sector groups they cover. */
export function useGatsMembers() {
  return useQuery({
    queryKey: ['gats-members'],
    queryFn: ({ signal }) => http.get<GatsMember[]>('/gats/members', signal),
    staleTime: 5 * 60_000,
  });
}

/** GET /gats/{id}: one member's commitments. */
export function useGatsMember(id: string) {
  return useQuery({
    queryKey: ['gats-member', id],
    queryFn: ({ signal }) => http.get<GatsMemberCommitments>(`/gats/${encodeURIComponent(id)}`, signal),
    retry: false,
  });
}

interface GatsListParams {
  member?: string;
  sector?: string;
  q?: string;
  page: number;
  size: number;
}

/** GET /gats: browse by member, sector and words, a page at a time. */
export function useGatsList(params: GatsListParams) {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') query.set(k, String(v));
  return useQuery({
    queryKey: ['gats-list', params],
    queryFn: ({ signal }) => http.get<GatsPage>(`/gats?${query}`, signal),
    placeholderData: (previous) => previous,
  });
}

/** Downloads the commitments of a filter as .xlsx (the server builds the workbook). */
export async function downloadGatsWorkbook(filter: GatsFilter): Promise<void> {
  const file = await http.post<{ fileName: string; contentType: string; base64: string }>(
    '/gats/export?encoding=base64',
    filter,
  );
  saveBase64File(file);
}
