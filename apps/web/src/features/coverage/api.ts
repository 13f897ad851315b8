import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_COVERAGE_LEVEL,
  type Coverage,
  type CoverageLevel,
  type GatsPlus,
  type Language,
  type OfferStatus,
  type RequestMatrix,
} from '@portal/shared';
import { http } from '../../api/http';
import { saveBase64File } from '../../api/download';

/** The filters of the coverage matrix, as the workspace holds them. */
export interface CoverageFilter {
  country?: string;
  region?: string;
  status: OfferStatus[];
  level: CoverageLevel;
}

/** The query string of GET /coverage for a filter (empty filters left out). */
export function coverageQuery(filter: CoverageFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (filter.country) params.set('country', filter.country);
  if (filter.region) params.set('region', filter.region);
  if (filter.status.length) params.set('status', filter.status.join(','));
  params.set('level', filter.level);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return params.toString();
}

/** What the workspace shows first: every offer, by sector. */
export const DEFAULT_COVERAGE_FILTER: CoverageFilter = { status: [], level: DEFAULT_COVERAGE_LEVEL };

export const fetchCoverage = (filter: CoverageFilter, signal?: AbortSignal) =>
  http.get<Coverage>(`/coverage?${coverageQuery(filter)}`, signal);

/**
 * The coverage for a filter. Fresh for 10 s, so that the workspace opened with its start call
 * (pages/workspace/startReads.ts) does not read it again as it mounts.
 */
export const coverageQueryOptions = (filter: CoverageFilter) =>
  queryOptions({
    queryKey: ['coverage', filter],
    queryFn: ({ signal }) => fetchCoverage(filter, signal),
    staleTime: 10_000,
  });

export function useCoverage(filter: CoverageFilter) {
  return useQuery({ ...coverageQueryOptions(filter), placeholderData: keepPreviousData });
}

export function useGatsPlus(country: string | undefined) {
  return useQuery({
    queryKey: ['coverage', 'gats-plus', country],
    queryFn: ({ signal }) => http.get<GatsPlus>(`/coverage/gats-plus?country=${country}`, signal),
    enabled: Boolean(country),
    retry: false,
  });
}

export function useRequestMatrix() {
  return useQuery({
    queryKey: ['coverage', 'requests'],
    queryFn: ({ signal }) => http.get<RequestMatrix>('/coverage/requests', signal),
  });
}

/** Downloads the matrix of a filter as .xlsx in the interface language (the server builds the workbook). */
export async function downloadCoverage(filter: CoverageFilter, lang: Language): Promise<void> {
  const file = await http.get<{ fileName: string; contentType: string; base64: string }>(
    `/coverage?${coverageQuery(filter, { format: 'xlsx', encoding: 'base64', lang })}`,
  );
  saveBase64File(file);
}
