/**
 * The groups of en.json (or parts of a group, `group.part`) a first visit reads: the layout (header, footer, newsletter box), the sign-in page and the
 * public home. They ship with the app; the other groups of English come with the first screen that needs them
 * (`loadAllTranslations`), so the first visit's script stays small. French and Arabic are fetched whole
 * when chosen. vite.config.ts splits en.json along this list at build time (`./en.json?first-visit` / `?rest`).
 */
export const FIRST_VISIT_GROUPS = [
  'app',
  'auth',
  // The newsletter box's network error only.
  'backoffice.common',
  'errors',
  'footer',
  'home',
  'languages',
  'nav',
  'newsletter',
  'newsletterPrivacy',
  'offline',
  'passwordReset',
  'profileLanguage',
  // The two pages' titles; the other screens' come with the rest.
  'routes.home',
  'routes.login',
  'session',
] as const;

export type Translations = { [key: string]: string | Translations };

/** The entries at `paths` (`group` or `group.part`), and all the others. */
export function splitTranslations(all: Translations, paths: readonly string[]): [Translations, Translations] {
  const picked: Translations = {};
  const others = structuredClone(all);
  for (const path of paths) {
    const keys = path.split('.');
    const last = keys.pop()!;
    let from: Translations | string | undefined = all;
    let into = picked;
    let left = others;
    for (const key of keys) {
      from = typeof from === 'object' ? from[key] : undefined;
      into = (into[key] ??= {}) as Translations;
      left = left[key] as Translations;
    }
    if (typeof from !== 'object' || from[last] === undefined)
      throw new Error(`firstVisit.ts names ${path}: not in en.json`);
    into[last] = from[last];
    delete left[last];
  }
  return [picked, others];
}
