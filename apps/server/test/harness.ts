import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type PortalApp, type RecordedAnswer } from '../src/app.js';
import { ContractChecker, type ContractBreach } from './contract.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { scratchDatabase } from './scratch-database.js';
import { must } from './must.js';

export interface TestApp extends PortalApp {
  /** Base URL of the API, e.g. http://127.0.0.1:53211/api */
  api: string;
  config: Config;
  /** The answers so far that the OpenAPI document does not allow (with the contract check on). */
  contractBreaches(): ContractBreach[];
  close(): Promise<void>;
}

/** One checker per worker: every test app serves the same document (the routes do not depend on the settings). */
let checker: ContractChecker | undefined;

/**
 * The contract check: every answer of a test app is checked against the OpenAPI document it serves (its status
 * declared, its JSON body valid). On for every test app unless `contract: false` or OPENAPI_CONTRACT=0 (a test that
 * provokes a 500 on purpose, which the document does not declare: a fault, not an answer); `close()` then fails the file
 * on any breach, so the document cannot drift from what the server answers.
 */
function contractCheck(enabled: boolean) {
  const answers: RecordedAnswer[] = [];
  return {
    record: enabled ? (answer: RecordedAnswer) => void answers.push(answer) : undefined,
    breaches(portal: PortalApp): ContractBreach[] {
      if (!enabled) return [];
      checker ??= new ContractChecker(portal.app.swagger() as Record<string, any>);
      const seen = new Set<string>();
      const breaches: ContractBreach[] = [];
      for (const answer of answers.splice(0)) {
        const breach = checker.check(answer);
        if (!breach) continue;
        const key = `${breach.answer} ${breach.problem}`;
        if (!seen.has(key)) breaches.push(breach);
        seen.add(key);
      }
      return breaches;
    },
  };
}

/** A fresh database for one test file: a copy of the migrated snapshot (PGlite) or of the template (PostgreSQL). */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const template = inject('templateDatabase');
  if (process.env.TEST_DATABASE_URL && template) {
    const scratch = await scratchDatabase('portal_test', { template });
    const database = await openDatabase({ url: scratch.url });
    return {
      database,
      drop: async () => {
        await database.close();
        await scratch.drop();
      },
    };
  }
  const snapshot = fs.readFileSync(inject('pgliteSnapshot'));
  const database = await openDatabase({ loadDataDir: new Blob([snapshot]) });
  return { database, drop: () => database.close() };
}

/** Starts the real app on a free port with its own database and data folder (outbox, files). */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { logStream?: NodeJS.WritableStream; contract?: boolean } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RATE_LIMIT_TOKEN_PER_MINUTE: '10000',
    // Every test signs in from 127.0.0.1: spacing out its attempts is tested on its own (auth/throttle.test.ts).
    SIGN_IN_SOURCE_FREE_FAILURES: '100000',
    // Tests upload many files as one user; the quotas are tested on their own (files/quota.test.ts).
    UPLOAD_PER_MINUTE: '100000',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    ...env,
  });
  const { database, drop } = await freshDatabase();
  const contract = contractCheck(options.contract ?? process.env.OPENAPI_CONTRACT !== '0');
  const portal = await buildApp(config, { database, logStream: options.logStream, recordAnswer: contract.record });
  await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const address = portal.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const breaches: ContractBreach[] = [];
  const contractBreaches = () => {
    breaches.push(...contract.breaches(portal));
    return [...breaches];
  };
  return {
    ...portal,
    api: `http://127.0.0.1:${port}/api`,
    config,
    contractBreaches,
    async close() {
      const found = contractBreaches();
      if (found.length > 0) {
        await portal.app.close();
        await drop();
        throw new Error(
          `Answers the OpenAPI document does not allow:\n${found.map((b) => `  ${b.answer}: ${b.problem}`).join('\n')}`,
        );
      }
      await portal.app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Several instances of the app on one fresh PostgreSQL database (TEST_DATABASE_URL or the local server) sharing a
 * signing key, as an operator runs them behind a load balancer; `env` adds settings (REDIS_URL…). Each instance keeps
 * its own data folder (outbox): sign a user in on the instance whose outbox you read.
 */
export async function startInstances(
  count: number,
  env: Record<string, string> = {},
): Promise<{ instances: TestApp[]; close(): Promise<void> }> {
  const scratch = await scratchDatabase('portal_multi');
  const secret = crypto.randomBytes(32).toString('hex');
  const instances: TestApp[] = [];
  const close = async () => {
    for (const instance of instances) await instance.close();
    await scratch.drop();
  };
  try {
    // One after the other: the first migrates the empty database.
    for (let i = 0; i < count; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-multi-'));
      const config = loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: scratch.url,
        JWT_SECRET: secret,
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        RATE_LIMIT_TOKEN_PER_MINUTE: '10000',
        SIGN_IN_SOURCE_FREE_FAILURES: '100000',
        ...env,
      });
      const database = await openDatabase({ url: scratch.url });
      const portal = await buildApp(config, { database });
      await portal.app.listen({ port: 0, host: '127.0.0.1' });
      const address = portal.app.server.address();
      instances.push({
        ...portal,
        api: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`,
        config,
        contractBreaches: () => [],
        async close() {
          await portal.app.close();
          await database.close();
          fs.rmSync(dataDir, { recursive: true, force: true });
        },
      });
    }
  } catch (err) {
    await close();
    throw err;
  }
  return { instances, close };
}

/** The mails written to the outbox for one address, oldest first, as raw RFC 5322 text. */
export function mailsTo(t: TestApp, email: string): string[] {
  if (!fs.existsSync(t.config.outboxDir)) return [];
  return fs
    .readdirSync(t.config.outboxDir)
    .sort()
    .map((f) => fs.readFileSync(path.join(t.config.outboxDir, f), 'utf8'))
    .filter((m) => new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'mi').test(m));
}

/** The one-time code of the newest sign-in mail sent to an address (a line of its own in the text part). */
export function latestCode(t: TestApp, email: string): string {
  const mails = mailsTo(t, email);
  const code = mails.at(-1) && decodedMail(mails.at(-1)!).match(/^(\d{6})\r?$/m)?.[1];
  if (!code) throw new Error(`no sign-in code mailed to ${email}`);
  return code;
}

/** Quoted-printable undone: soft breaks joined, escapes read as UTF-8. */
const unquoted = (body: string) =>
  Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/**
 * A raw mail as a test reads it: its headers, then its plain-text part decoded (the HTML part, built from the same
 * words, is left out so that a search finds each phrase and link once). The full MIME parse is in the mail tests.
 */
export function decodedMail(mail: string): string {
  const headerEnd = mail.search(/\r?\n\r?\n/);
  const headers = mail.slice(0, headerEnd);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!boundary) return `${headers}\r\n\r\n${unquoted(mail.slice(headerEnd).trimStart())}`;
  const parts = mail.split(`--${boundary}`).slice(1, -1);
  const text = parts.find((p) => /^Content-Type: text\/plain/im.test(p)) ?? '';
  const bodyStart = text.search(/\r?\n\r?\n/);
  return `${headers}\r\n\r\n${unquoted(text.slice(bodyStart).trimStart())}`;
}

/**
 * Two instances on one fresh database and Redis (REDIS_URL or the local server) for the tests of the `describe` block
 * it is called in: started before them, stopped after. The tests read `pair.a` and `pair.b`.
 */
export function twoInstancesWithRedis(): { a: TestApp; b: TestApp } {
  const pair = {} as { a: TestApp; b: TestApp };
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const started = await startInstances(2, { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
    const [a, b] = started.instances;
    pair.a = must(a, 'instance A');
    pair.b = must(b, 'instance B');
    close = started.close;
  }, 60_000);
  afterAll(() => close?.());
  return pair;
}
