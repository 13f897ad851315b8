/** The spec's password rules: each is a live checklist item in the web app. */
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

/** The portal's and the bloc's own words, which nobody's password should be built on. */
const PORTAL_WORDS = ['portal', 'negotiation', 'negociation', 'services', 'afcfta', 'zlecaf'];

/**
 * The words a user's password must not be built on (the strength estimator's user inputs, so "Kenya2026!" for a Kenyan
 * user scores as the guess it is): the e-mail address, its local part and the pieces of it, the names, the country's
 * names and the portal's words. The browser's meter and the server's refusal use the same list.
 */
export function passwordContextWords(user: {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  countryNames?: readonly (string | null | undefined)[];
}): string[] {
  const local = user.email?.split('@')[0] ?? '';
  const words = [
    user.email,
    local,
    ...local.split(/[._+-]+/),
    user.firstName,
    user.lastName,
    ...(user.countryNames ?? []),
  ];
  const personal = words.filter((w): w is string => typeof w === 'string' && w.trim().length >= 3);
  return [...new Set([...personal, ...PORTAL_WORDS].map((w) => w.trim().toLowerCase()))];
}
