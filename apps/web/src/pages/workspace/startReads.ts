import type { CoverageStart } from '@portal/shared';
import type { StartReads } from '../../app/startReads';
import { partsOf } from '../../app/startParts';
import { coverageQueryOptions, DEFAULT_COVERAGE_FILTER, fetchCoverage } from '../../features/coverage/api';

/**
 * What the workspace waits for (the coverage it shows first), from its start call (GET /coverage/start, with the
 * user's profile); by its own call without it.
 */
export const workspaceReads: StartReads = (_params, client, start) => {
  const part = partsOf<CoverageStart>(start);
  void client.prefetchQuery({
    ...coverageQueryOptions(DEFAULT_COVERAGE_FILTER),
    queryFn: () => part('coverage', () => fetchCoverage(DEFAULT_COVERAGE_FILTER)),
  });
};
