import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@portal/shared';
import { http } from '../../api/http';

/** The dashboard's query key: offers' live changes make it stale (features/offers offerChanged). */
export const dashboardKey = ['dashboard'] as const;

/** GET /dashboard: what waits for the signed-in user. */
export const fetchDashboard = (signal?: AbortSignal) => http.get<Dashboard>('/dashboard', signal);

export const dashboardQuery = queryOptions({
  queryKey: dashboardKey,
  queryFn: ({ signal }) => fetchDashboard(signal),
  staleTime: 30_000,
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}
