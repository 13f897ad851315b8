import { useEffect, useMemo, useState } from 'react';
import { loadStrengthEstimator, type StrengthEstimator, type StrengthScore } from './passwordStrength';

/** The password's strength score, or null while the estimator loads (or if it could not be loaded). */
export function usePasswordStrength(password: string, userInputs: readonly string[] = []): StrengthScore | null {
  const [estimate, setEstimate] = useState<{ fn: StrengthEstimator } | null>(null);
  useEffect(() => {
    let live = true;
    loadStrengthEstimator().then(
      (fn) => {
        if (live) setEstimate({ fn });
      },
      () => undefined, // the checklist still guides the user; the meter stays empty
    );
    return () => {
      live = false;
    };
  }, []);
  const inputs = userInputs.filter(Boolean).join('\n');
  return useMemo(
    () => (estimate ? estimate.fn(password, inputs ? inputs.split('\n') : []) : null),
    [estimate, password, inputs],
  );
}
