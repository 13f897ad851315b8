/** How the users search box is read: the server searches names and addresses; a country's name filters by country. */
interface CountryName {
  code: string;
  names: string[];
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase()
    .trim();

/** The one item of a list, or undefined when it holds none or several. */
const onlyOne = <T>(list: readonly T[]): T | undefined => (list.length === 1 ? list[0] : undefined);

/**
 * The search as query parameters: text naming exactly one member state (its whole name, or the start of it from
 * four letters, in any of the three languages) becomes a country filter; anything else is a name or address search.
 */
export function readUserSearch(text: string, countries: CountryName[]): { search?: string; country?: string } {
  const needle = fold(text);
  if (!needle) return {};
  if (needle.length >= 4) {
    const matches = countries.filter((c) => c.names.some((n) => fold(n) === needle || fold(n).startsWith(needle)));
    const exact = countries.filter((c) => c.names.some((n) => fold(n) === needle));
    const country = onlyOne(exact) ?? onlyOne(matches);
    if (country) return { country: country.code };
  }
  return { search: text.trim() };
}
