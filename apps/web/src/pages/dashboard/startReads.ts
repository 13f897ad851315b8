import type { StartReads } from '../../app/startReads';
import { dashboardQuery } from '../../features/dashboard/api';

/** What the dashboard waits for (its list of what waits for the user), asked for as the app or the sign-in starts on it. */
export const dashboardReads: StartReads = (_params, client) => {
  void client.prefetchQuery(dashboardQuery);
};
