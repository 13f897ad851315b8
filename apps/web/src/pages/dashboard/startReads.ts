import type { DashboardStart } from '@portal/shared';
import type { StartReads } from '../../app/startReads';
import { partsOf } from '../../app/startParts';
import { dashboardQuery, fetchDashboard } from '../../features/dashboard/api';

/**
 * What the dashboard waits for (its list of what waits for the user), from its start call (GET /dashboard/start, with
 * the user's profile) as the app or the sign-in starts on it; by its own call without it.
 */
export const dashboardReads: StartReads = (_params, client, start) => {
  const part = partsOf<DashboardStart>(start);
  void client.prefetchQuery({ ...dashboardQuery, queryFn: () => part('dashboard', () => fetchDashboard()) });
};
