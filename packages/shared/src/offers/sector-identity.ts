/**
 * The identity of a sector across versions and counter offers: the id the server stores with it, or, for a sector
 * stored without one, a hash of its services — the same on both sides of a comparison.
 */
import type { Sector } from './schema.js';

/** A short stable hash (FNV-1a, base 36) of a text. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** The identity of a sector in keys: its id when URL-safe, else a hash of its id or services. */
export function sectorIdentity(sector: Pick<Sector, 'sectorId' | 'services'>): string {
  const id = sector.sectorId.trim();
  if (/^[A-Za-z0-9_-]{1,64}$/.test(id)) return id;
  const services = sector.services.map((s) => (s.key || s.value || s.title).trim()).sort();
  return `x${hash(id || services.join('\u0000'))}`;
}
