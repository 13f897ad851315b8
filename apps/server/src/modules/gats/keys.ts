/** What member names are compared by: lower case, accents and punctuation removed ("Côte d'Ivoire" → "cote d ivoire"). */
export function memberKey(member: string): string {
  return member
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
