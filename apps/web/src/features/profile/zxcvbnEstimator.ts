/**
 * The strength estimator of @portal/shared/password-strength (the server refuses with the same one), imported only
 * through loadStrengthEstimator, so it and its dictionaries are a chunk of their own.
 */
import { passwordScore } from '@portal/shared/password-strength';

export { isStrongPassword } from '@portal/shared/password-strength';
import type { StrengthEstimator } from './passwordStrength';

export function createEstimator(): StrengthEstimator {
  return (password, userInputs = []) => passwordScore(password, userInputs);
}
