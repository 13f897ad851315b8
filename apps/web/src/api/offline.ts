/**
 * The copies the service worker keeps of the last answers read (features/offline/service-worker.ts), so that the app
 * shell, the offers list and the last opened offer can be read without a connection. They belong to the signed-in
 * user: a session that ends (sign-out, expiry) or starts throws them away.
 */

/** The cache of API answers; the service worker and the page agree on this name. */
export const OFFLINE_API_CACHE = 'portal-api-v1';
/** The cache of the app shell (index.html) and the hashed files it loaded. */
export const OFFLINE_SHELL_CACHE = 'portal-shell-v1';
/** Set by the service worker on an answer it gave from its copy because the network failed. */
export const OFFLINE_COPY_HEADER = 'x-portal-offline-copy';

/**
 * The reads kept for offline use, as paths under /api: what the shell needs to show the signed-in layout, the lists
 * of offers and the offer (or version) opened. Nothing else is stored: no message, file, user list or audit log.
 */
export const OFFLINE_READS: readonly RegExp[] = [
  /^\/api\/(?:client-config|home|regions|countries|arrays)$/,
  /^\/api\/profile\/current$/,
  /^\/api\/offers(?:\/done)?$/,
  /^\/api\/offers\/(?!checkOpenOffer\b)[\w-]+$/,
  /^\/api\/offers\/version\/[\w-]+(?:\/\d+)?$/,
];

/**
 * Start calls: one answer carrying several calls' answers for a screen on a slow link (GET /api/offers/start, GET
 * /api/offers/{id}/editor, GET /api/chats/start, /api/dashboard/start, /api/coverage/start).
 * The service worker keeps each part answered 200 that is an offline read as the copy of its own call, so the screen
 * read offline (its own calls, answered from the copies) shows what was last read through its start call.
 */
export const START_CALLS: readonly { path: RegExp; copies: (id: string) => Record<string, string> }[] = [
  { path: /^\/api\/offers\/start$/, copies: () => ({ profile: '/api/profile/current', offers: '/api/offers' }) },
  {
    path: /^\/api\/chats\/start$/,
    copies: () => ({ profile: '/api/profile/current', offers: '/api/offers', doneOffers: '/api/offers/done' }),
  },
  // The dashboard and the workspace: only their profile is an offline read.
  { path: /^\/api\/(?:dashboard|coverage)\/start$/, copies: () => ({ profile: '/api/profile/current' }) },
  {
    path: /^\/api\/offers\/([\w-]+)\/editor$/,
    copies: (id) => ({ profile: '/api/profile/current', offer: `/api/offers/${id}` }),
  },
];

/**
 * Reference data every signed-in screen reads at start (client settings, home settings, countries, regions, the
 * services classification): the service worker gives its copy at once and refreshes it behind (stale-while-revalidate).
 */
export const REFERENCE_READS = /^\/api\/(?:client-config|home|regions|countries|arrays)$/;
/** A reference copy younger than this is given without asking the server again. */
export const REFERENCE_REVALIDATE_MS = 60_000;

/** Forgets every API answer kept for offline use (the shell stays: it holds nobody's data). */
export async function forgetOfflineCopies(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(OFFLINE_API_CACHE).catch(() => false);
}
