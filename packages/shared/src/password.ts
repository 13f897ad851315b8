/** The password rules of the spec (section 5): each is a live checklist item in the web app. */
export const PASSWORD_RULES = [
  { key: 'uppercase', test: (p: string) => /[A-Z]/.test(p) },
  { key: 'lowercase', test: (p: string) => /[a-z]/.test(p) },
  { key: 'digit', test: (p: string) => /[0-9]/.test(p) },
  { key: 'special', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
  { key: 'length', test: (p: string) => p.length >= 8 },
] as const;

export type PasswordRuleKey = (typeof PASSWORD_RULES)[number]['key'];

/** The keys of the rules a password breaks; empty when it passes all five. */
export function brokenPasswordRules(password: string): PasswordRuleKey[] {
  return PASSWORD_RULES.filter((r) => !r.test(password)).map((r) => r.key);
}
