import type { DirectoryUser } from './api';

/** Users whose name, email, title, country or phone contains every word of the search (case and accents ignored). */
export function filterUsers<T extends DirectoryUser>(users: readonly T[], search: string): T[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...users];
  return users.filter((u) => {
    const text = fold(
      [
        u.titlePrefix,
        u.firstName,
        u.lastName,
        u.email,
        u.title,
        u.countryName,
        u.countryCode,
        u.phoneNumber,
        u.whatsappNumber,
      ]
        .filter(Boolean)
        .join(' '),
    );
    return words.every((w) => text.includes(w));
  });
}
