import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@portal/shared';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { EventBus } from './events.js';
import type { Mailer } from './providers/mail/index.js';
import type { TokenSigner } from './auth/tokens.js';
import type { SessionCache } from './auth/session-cache.js';
import type { OfferCache } from './modules/offers/cache.js';
import type { KeptNotificationPages } from './modules/notifications/kept-pages.js';
import type { Realtime } from './realtime/hub.js';
import type { FileStore } from './providers/files/index.js';

/** What every area's routes and services may use; built once in buildApp. */
export interface AppContext {
  config: Config;
  db: Db;
  events: EventBus;
  mailer: Mailer;
  tokens: TokenSigner;
  /** The signed-in check's short memory of valid sessions (SESSION_CACHE_SECONDS). */
  sessionCache: SessionCache;
  /** GET /offers/:id answers kept as sent (OFFER_CACHE_SECONDS). */
  offerCache: OfferCache;
  /** Each user's notifications popover, kept until their notifications change (a lone instance only). */
  notificationPages: KeptNotificationPages;
  /** No REDIS_URL: this instance is the only one (several need Redis), so every change is made here. */
  alone: boolean;
  log: FastifyBaseLogger;
  /** Live channels (STOMP) and the broker behind them. */
  realtime: Realtime;
  /** Where uploaded files are kept (local folder or S3-compatible bucket). */
  files: FileStore;
}

/** The signed-in user making a request: read from the database, or remembered a few seconds (SessionCache). */
export interface Actor {
  id: string;
  email: string;
  role: Role;
  countryId: number | null;
  regionId: number | null;
  language: string;
  sessionId: string;
}

/** Who did something and from where, for the audit trail. */
export interface RequestMeta {
  ip: string;
  clientName: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}
