/**
 * The password screens' live checklist (the spec's five rules, from @portal/shared) and strength meter
 * (zxcvbn score 0–4 named Worst, Bad, Weak, Good, Strong). The estimator and its dictionaries are large,
 * so they are loaded on first use, never with the first bundle.
 */
import { PASSWORD_RULES, type PasswordRuleKey } from '@portal/shared';

interface ChecklistItem {
  key: PasswordRuleKey;
  passed: boolean;
}

/** Each of the five rules, in the spec's order, and whether the password meets it. */
export function passwordChecklist(password: string): ChecklistItem[] {
  return PASSWORD_RULES.map((rule) => ({ key: rule.key, passed: rule.test(password) }));
}

/** True when the password meets all five rules. */
export function meetsAllRules(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

/** The meter's levels, index = score (0–4). */
export const STRENGTH_LEVELS = ['worst', 'bad', 'weak', 'good', 'strong'] as const;
type StrengthLevel = (typeof STRENGTH_LEVELS)[number];
export type StrengthScore = 0 | 1 | 2 | 3 | 4;

/** The level named for a score; out-of-range scores are clamped to the scale. */
export function strengthLevel(score: number): StrengthLevel {
  const index = Math.min(4, Math.max(0, Math.round(Number.isFinite(score) ? score : 0)));
  return STRENGTH_LEVELS[index] ?? 'worst';
}

/** Scores a password; userInputs (the user's name, email) make passwords built from them weaker. */
export type StrengthEstimator = (password: string, userInputs?: string[]) => StrengthScore;

type StrengthModule = typeof import('./zxcvbnEstimator');
let strengthModule: Promise<StrengthModule> | null = null;

/** The estimator's chunk, loaded once; a failed load is tried again on the next call. */
function loadStrengthModule(): Promise<StrengthModule> {
  strengthModule ??= import('./zxcvbnEstimator').catch((error: unknown) => {
    strengthModule = null;
    throw error;
  });
  return strengthModule;
}

let estimator: Promise<StrengthEstimator> | null = null;

/** Loads the estimator once (a separate chunk); later calls share the same promise. */
export function loadStrengthEstimator(): Promise<StrengthEstimator> {
  estimator ??= loadStrengthModule()
    .then((m) => m.createEstimator())
    .catch((error: unknown) => {
      estimator = null;
      throw error;
    });
  return estimator;
}

/**
 * The server's own acceptance rule (@portal/shared/password-strength: not a common password, at least Good), so the
 * form refuses what the server would refuse before anything is sent.
 */
export async function isStrongEnough(password: string, userInputs: readonly string[] = []): Promise<boolean> {
  return (await loadStrengthModule()).isStrongPassword(password, userInputs.filter(Boolean));
}
