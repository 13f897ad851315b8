// Zod-free, so that the message catalogue (and the browser through it) can name the limits without the schemas.

/** Limits of one offer document, so a careless or hostile save cannot exhaust the server. */
export const OFFER_LIMITS = {
  /** Request body of a save, in bytes (a 200-sector offer is about 1 MiB). */
  bodyBytes: 8 * 1024 * 1024,
  sectors: 1000,
  tableRows: 500,
  textChars: 20_000,
  htmlChars: 200_000,
  codesPerSector: 200,
} as const;
