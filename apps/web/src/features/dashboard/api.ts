import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@portal/shared';
import { http } from '../../api/http';

/** GET /dashboard: what waits for the signed-in user. */
export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => http.get<Dashboard>('/dashboard', signal),
    staleTime: 30_000,
  });
}
