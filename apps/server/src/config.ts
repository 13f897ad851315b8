import { z } from 'zod';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import net from 'node:net';

/** The repository root, so relative paths mean the same whichever workspace npm runs a script from. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** An address, alone or with a display name: `desk@au.int` or `AfCFTA Secretariat <desk@au.int>`. */
const mailAddress = z
  .string()
  .trim()
  .regex(/^([^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/, 'a mail address');

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    /** `production` in deployed units; only the default of SHUTDOWN_DRAIN_SECONDS reads it. */
    NODE_ENV: z.string().optional(),
    /**
     * On SIGTERM, seconds the instance keeps serving with /api/ready answering 503 before it stops accepting: time for
     * a balancer that reads readiness to take it out before the port closes. 5 with NODE_ENV=production,
     * else 0 (a development reload stops at once).
     */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
    HOST: z.string().default('0.0.0.0'),
    /** Embedded database, outbox and files live here unless their own settings say otherwise. */
    DATA_DIR: z.string().default('data'),
    /** PostgreSQL server; without it the embedded PGlite database in DATA_DIR/pglite is used. */
    DATABASE_URL: z.string().optional(),
    /**
     * The embedded database runs in a worker thread, beside the request loop (on another core), by default; false
     * runs it on the request loop itself, where a heavy query stalls every request (advised on a single core only).
     */
    PGLITE_WORKER: bool.optional(),
    /**
     * The embedded database's buffer cache (PostgreSQL's shared_buffers: 16MB, 256MB…). PGlite's own 128MB is resident
     * from the start, where a server's unused shared memory is not; pages past it come from the system's file cache.
     */
    PGLITE_SHARED_BUFFERS: z
      .string()
      .regex(/^\d+(kB|MB|GB)$/, 'a size such as 32MB')
      .default('32MB'),
    /**
     * With DATABASE_URL: each distinct statement is prepared once per connection and then only bound (PostgreSQL plans
     * it once). False for a connection pooler that cannot keep prepared statements (PgBouncer before 1.21 in
     * transaction mode).
     */
    DATABASE_PREPARED_STATEMENTS: bool.optional(),
    /** Seed demo accounts on an empty database. Defaults to true on the embedded database only. */
    SEED_DEMO: bool.optional(),
    /** Address of the portal in mailed links; by default the address the server listens on (HOST and PORT). */
    PUBLIC_URL: z.string().optional(),
    OAUTH_CLIENT_ID: z.string().default('portal-web'),
    OAUTH_CLIENT_SECRET: z.string().default('portal-web-secret'),
    /** Signing key of access tokens; generated and kept in DATA_DIR on the embedded default. */
    JWT_SECRET: z.string().min(32).optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(14),
    MFA_CODE_TTL_SECONDS: z.coerce.number().int().positive().default(600),
    /** Failed sign-ins on one address, within the window, after which a proof-of-work challenge is asked. */
    SIGN_IN_CHALLENGE_AFTER: z.coerce.number().int().positive().default(3),
    /** Failed sign-ins from one client address, within the window, before its attempts are spaced out. */
    SIGN_IN_SOURCE_FREE_FAILURES: z.coerce.number().int().positive().default(10),
    /** Longest wait imposed between two attempts from one client address (the delay doubles up to it). */
    SIGN_IN_SOURCE_MAX_DELAY_SECONDS: z.coerce.number().int().positive().default(300),
    /** How long failed attempts are remembered. */
    SIGN_IN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
    /** Wrong current passwords a signed-in session may type before it is signed out. */
    CURRENT_PASSWORD_MAX_FAILURES: z.coerce.number().int().positive().default(5),
    /** A session not refreshed for this long ends (default: the idle timeout, its countdown and one access token). */
    SESSION_IDLE_MINUTES: z.coerce.number().int().positive().optional(),
    /** A sign-in lasts at most this long, however active. */
    SESSION_MAX_HOURS: z.coerce.number().positive().default(12),
    /**
     * How long the signed-in check remembers a valid session without asking the database (0: ask on every call).
     * Sign-out, deactivation and the like drop it at once, on every instance.
     */
    SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).default(30),
    /**
     * How long a presented offer (GET /offers/:id) is kept in memory as its JSON answer (0: built on every read). Any
     * change of the offer's row (save, submission, review) makes it a miss at once; a counter offer sent drops it on
     * every instance; names of authors and countries changed elsewhere show within this time.
     */
    OFFER_CACHE_SECONDS: z.coerce.number().int().min(0).default(60),
    /** Files one user may upload in a minute. */
    UPLOAD_PER_MINUTE: z.coerce.number().int().positive().default(20),
    /** Megabytes one user may upload in 24 hours. */
    UPLOAD_DAILY_MB: z.coerce.number().int().positive().default(200),
    /** Uploads that nothing uses (no message, counter offer or CMS entry) are removed after this many hours. */
    UNATTACHED_FILE_HOURS: z.coerce.number().positive().default(24),
    RATE_LIMIT_TOKEN_PER_MINUTE: z.coerce.number().int().positive().default(30),
    /** Invitations one user may send in 24 hours (the portal is not a mail cannon). */
    INVITATIONS_PER_DAY: z.coerce.number().int().positive().default(50),
    /** How long the link of a newsletter confirmation mail stays valid. */
    NEWSLETTER_CONFIRM_HOURS: z.coerce.number().positive().default(48),
    /** Who may read the API documentation (/api/docs): staff only, anyone, or nobody (off). */
    API_DOCS: z.enum(['staff', 'public', 'off']).default('staff'),
    /** Besides staff notifications, every contact-us message is mailed to this address (the secretariat's box). */
    CONTACT_NOTIFY_EMAIL: mailAddress.optional(),
    /** Replies to contact-us messages carry this Reply-To, so the visitor's answer reaches the secretariat. */
    CONTACT_REPLY_TO: mailAddress.optional(),
    SMTP_URL: z.string().optional(),
    /** The sender's address; its display name is the portal's name in each mail's language (see MAIL_FROM_NAME). */
    MAIL_FROM: z.string().trim().min(1).default('no-reply@portal.test'),
    /** One sender name for mail in every language, for a name that does not translate (an acronym). */
    MAIL_FROM_NAME: z.string().trim().min(1).optional(),
    REDIS_URL: z.string().optional(),
    /** Largest STOMP frame accepted from a client, in bytes. */
    STOMP_MAX_FRAME_BYTES: z.coerce.number().int().min(1024).default(65_536),
    /**
     * SEND frames one live connection may make: a burst of STOMP_SEND_BURST, then STOMP_SEND_PER_SECOND; a client
     * going faster gets an ERROR frame (SEND_THROTTLED) and is disconnected, the frames beyond the budget unread.
     */
    STOMP_SEND_BURST: z.coerce.number().int().min(1).default(40),
    STOMP_SEND_PER_SECOND: z.coerce.number().min(0.1).default(20),
    /**
     * SEND frames one user may make across all their live connections on one instance (a burst, then per second), so
     * opening more connections buys no more; past it the connection that sent is closed with SEND_THROTTLED. Renewals
     * of the access token are not counted.
     */
    STOMP_USER_SEND_BURST: z.coerce.number().int().min(1).default(60),
    STOMP_USER_SEND_PER_SECOND: z.coerce.number().min(0.1).default(10),
    /**
     * Live connections one user may hold on one instance (the web app opens two or three per tab); one more closes
     * that user's oldest with an ERROR frame TOO_MANY_CONNECTIONS.
     */
    STOMP_MAX_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).default(16),
    /**
     * New messages announce their room on /topic/queue (room lists, unread counts) at most this often per room, in
     * milliseconds; 0 turns these announcements off (lists then follow messages on reload only).
     */
    CHAT_ROOM_ANNOUNCE_MS: z.coerce.number().int().min(0).default(250),
    /**
     * How long a live viewer of a room counts (no notifications for what they see arrive) unless their instance
     * refreshes the entry, which it does every third of this while the connection lasts: after a crash, viewers are
     * notified again within this time.
     */
    STOMP_PRESENCE_TTL_SECONDS: z.coerce.number().int().min(3).default(45),
    /** STOMP heart-beat interval offered and requested, in milliseconds (0 disables). */
    STOMP_HEARTBEAT_MS: z.coerce.number().int().min(0).default(10_000),
    /** An S3-compatible bucket for files (chat attachments, offer PDFs, CMS images); the local DATA_DIR/files when absent. */
    S3_BUCKET: z.string().min(3).optional(),
    /** Service URL of an S3-compatible server (MinIO, Ceph, R2…); AWS itself when absent. */
    S3_ENDPOINT: z.string().url().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Prepended to every object key, to share a bucket with other applications. */
    S3_PREFIX: z
      .string()
      .regex(/^([A-Za-z0-9._-]+\/)*$/, 'folder names each ending with /, e.g. portal/')
      .default(''),
    /** Bucket in the path rather than the host name; defaults to true when S3_ENDPOINT is set. */
    S3_FORCE_PATH_STYLE: bool.optional(),
    TRANSLATE_URL: z.string().optional(),
    /** A MaxMind-format IP-to-country database for the audit log; the bundled one when absent. */
    GEOIP_DB: z.string().optional(),
    IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(1_800_000),
    IDLE_COUNTDOWN_SECONDS: z.coerce.number().int().positive().default(30),
    /** How long an offer stays locked to its editor without a heartbeat. */
    OFFER_LEASE_SECONDS: z.coerce.number().int().positive().default(60),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Folder of the built web app; the API alone is served when it does not exist. */
    WEB_DIST: z.string().default('apps/web/dist'),
    /**
     * Which proxies in front of the portal to believe about the client's address (X-Forwarded-For): a hop count
     * or comma-separated addresses/CIDRs. Off by default, so nobody can forge the address audit logs and rate
     * limits use.
     */
    TRUST_PROXY: z
      .string()
      .regex(
        /^(false|\d+|[0-9A-Fa-f.:/]+(\s*,\s*[0-9A-Fa-f.:/]+)*)$/,
        'false, a hop count, or addresses/CIDRs separated by commas',
      )
      .refine(trustedProxiesAreAddresses, 'false, a hop count, or IP addresses/CIDRs separated by commas')
      .default('false'),
  })
  .refine((e) => !e.S3_ACCESS_KEY_ID === !e.S3_SECRET_ACCESS_KEY, {
    message: 'set both or neither',
    path: ['S3_SECRET_ACCESS_KEY'],
  })
  // An S3 setting without a bucket would silently leave files on the local disk.
  .refine((e) => e.S3_BUCKET || !(e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_PREFIX), {
    message: 'S3 settings are given but S3_BUCKET is not: name the bucket, or remove the S3 settings',
    path: ['S3_BUCKET'],
  });

export type Config = ReturnType<typeof loadConfig>;

/** Parses every environment variable once; the rest of the server reads only the result. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR);
  const embedded = !e.DATABASE_URL;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    embedded,
    pgliteWorker: e.PGLITE_WORKER ?? true,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS ?? true,
    seedDemo: e.SEED_DEMO ?? embedded,
    publicUrl: e.PUBLIC_URL ?? listenUrl(e.HOST, e.PORT),
    /** Whether PUBLIC_URL was given (otherwise main.ts sets publicUrl to the port actually bound). */
    publicUrlSet: e.PUBLIC_URL !== undefined,
    oauthClient: { id: e.OAUTH_CLIENT_ID, secret: e.OAUTH_CLIENT_SECRET },
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    mfaCodeTtlSeconds: e.MFA_CODE_TTL_SECONDS,
    signIn: {
      challengeAfter: e.SIGN_IN_CHALLENGE_AFTER,
      sourceFreeFailures: e.SIGN_IN_SOURCE_FREE_FAILURES,
      sourceMaxDelaySeconds: e.SIGN_IN_SOURCE_MAX_DELAY_SECONDS,
      windowMinutes: e.SIGN_IN_WINDOW_MINUTES,
      currentPasswordMaxFailures: e.CURRENT_PASSWORD_MAX_FAILURES,
    },
    sessionIdleMinutes:
      e.SESSION_IDLE_MINUTES ??
      Math.ceil((e.IDLE_TIMEOUT_MS + e.IDLE_COUNTDOWN_SECONDS * 1000 + e.ACCESS_TOKEN_TTL_SECONDS * 1000) / 60_000),
    sessionMaxHours: e.SESSION_MAX_HOURS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    offerCacheSeconds: e.OFFER_CACHE_SECONDS,
    rateLimitTokenPerMinute: e.RATE_LIMIT_TOKEN_PER_MINUTE,
    uploads: { perMinute: e.UPLOAD_PER_MINUTE, dailyMb: e.UPLOAD_DAILY_MB, unattachedHours: e.UNATTACHED_FILE_HOURS },
    invitationsPerDay: e.INVITATIONS_PER_DAY,
    newsletterConfirmHours: e.NEWSLETTER_CONFIRM_HOURS,
    apiDocs: e.API_DOCS,
    contact: { notifyEmail: e.CONTACT_NOTIFY_EMAIL, replyTo: e.CONTACT_REPLY_TO },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailFromName: e.MAIL_FROM_NAME,
    outboxDir: path.join(dataDir, 'outbox'),
    redisUrl: e.REDIS_URL,
    stompMaxFrameBytes: e.STOMP_MAX_FRAME_BYTES,
    stompHeartbeatMs: e.STOMP_HEARTBEAT_MS,
    stompSendBurst: e.STOMP_SEND_BURST,
    stompSendPerSecond: e.STOMP_SEND_PER_SECOND,
    stompUserSendBurst: e.STOMP_USER_SEND_BURST,
    stompUserSendPerSecond: e.STOMP_USER_SEND_PER_SECOND,
    stompMaxConnectionsPerUser: e.STOMP_MAX_CONNECTIONS_PER_USER,
    stompPresenceTtlSeconds: e.STOMP_PRESENCE_TTL_SECONDS,
    chatRoomAnnounceMs: e.CHAT_ROOM_ANNOUNCE_MS,
    filesDir: path.join(dataDir, 'files'),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          prefix: e.S3_PREFIX,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
        }
      : undefined,
    translateUrl: e.TRANSLATE_URL,
    geoipDb: e.GEOIP_DB ? path.resolve(REPO_ROOT, e.GEOIP_DB) : undefined,
    idleTimeoutMs: e.IDLE_TIMEOUT_MS,
    idleCountdownSeconds: e.IDLE_COUNTDOWN_SECONDS,
    offerLeaseSeconds: e.OFFER_LEASE_SECONDS,
    logLevel: e.LOG_LEVEL,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS ?? (e.NODE_ENV === 'production' ? 5 : 0),
    webDist: path.resolve(REPO_ROOT, e.WEB_DIST),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    /** Served over https: the security policy then asks browsers to upgrade requests and remember (HSTS). */
    https: (e.PUBLIC_URL ?? '').startsWith('https:'),
  };
}

/**
 * The address a browser on this machine reaches the server at: HOST, or localhost when it listens on every interface.
 * The default of PUBLIC_URL, so mailed links work out of the box whatever PORT is.
 */
export function listenUrl(host: string, port: number): string {
  const name = ['0.0.0.0', '::', '', '127.0.0.1', '::1'].includes(host) ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

/** Each entry of a TRUST_PROXY list is an IP address, or one with a prefix length that fits it ("10.0.0.0/8"). */
function trustedProxiesAreAddresses(value: string): boolean {
  if (value === 'false' || /^\d+$/.test(value)) return true;
  return value.split(',').every((part) => {
    const [address = '', prefix, ...rest] = part.trim().split('/');
    const family = net.isIP(address);
    if (family === 0 || rest.length > 0) return false;
    if (prefix === undefined) return true;
    return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
  });
}

/** TRUST_PROXY as Fastify's trustProxy: false, a hop count, or the list of trusted addresses/CIDRs. */
function parseTrustProxy(value: string): false | number | string[] {
  if (value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}
