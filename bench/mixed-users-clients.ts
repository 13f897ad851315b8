// The virtual users of the mixed-users benchmark, run in a child process (the server's event loop stays its own).
// Each keeps one STOMP connection open (a bare client, bench/stomp-lean.ts: /stomp-chat on its room, subscribed to
// the room's messages and to /topic/queue, as the web app is) and, every THINK seconds, does one action: list offers,
// open an offer, read notifications, send a chat message (timed from SEND to its receipt back on the room's topic)
// or, sometimes, save its country's offer from the revision it last saw. Steps add users; each step is measured
// after a warm-up.
import crypto from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import zlib from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { LeanStomp } from './stomp-lean.js';

export type Kind = 'listOffers' | 'openOffer' | 'saveOffer' | 'notifications' | 'chat';
export const KINDS: Kind[] = ['listOffers', 'openOffer', 'saveOffer', 'notifications', 'chat'];
/** The share of each action (the rest of the time a user reads what is on screen). */
const MIX: [Kind, number][] = [
  ['listOffers', 0.25],
  ['openOffer', 0.3],
  ['saveOffer', 0.03],
  ['notifications', 0.2],
  ['chat', 0.22],
];

export interface InitJob {
  type: 'init';
  ws: string;
  api: string;
  /** One offer per country: its id, the document saved back, and the revision it is at. */
  offers: { id: string; revision: number; doc: object }[];
  thinkMs: [number, number];
  timeoutMs: number;
}
export interface StepJob {
  type: 'step';
  /** Users added in this step: token, room, index of their country's offer. */
  add: { token: string; roomId: string; offer: number }[];
  warmupSeconds: number;
  seconds: number;
}
export interface StepResult {
  users: number;
  connectErrors: number;
  seconds: number;
  /** Per kind: latencies (ms) of actions started in the window, errors (an answer other than 200, a refused SEND). */
  samples: Record<Kind, number[]>;
  errors: Record<Kind, number>;
  timeouts: Record<Kind, number>;
  /** Saves skipped because another user of the same offer was saving (they open it instead). */
  savesDeferred: number;
  firstErrors: string[];
  generatorCpuPercent: number;
}

interface VirtualUser {
  i: number;
  token: string;
  roomId: string;
  offer: number;
  client: LeanStomp;
  waiting: Map<string, () => void>;
}

let job: InitJob;
const users: VirtualUser[] = [];
let stopped = false;
let window: { start: number; end: number } | null = null;
let result: StepResult;
let inWindow = 0;
const saving = new Set<number>();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const think = () => job.thinkMs[0] + Math.random() * (job.thinkMs[1] - job.thinkMs[0]);
const empty = <T>(v: () => T) => Object.fromEntries(KINDS.map((k) => [k, v()])) as Record<Kind, T>;

function pick(): Kind {
  let r = Math.random();
  for (const [kind, share] of MIX) if ((r -= share) < 0) return kind;
  return 'listOffers';
}

/** Runs one timed action; counted when it started inside the measured window. */
async function timed(kind: Kind, action: () => Promise<void>): Promise<void> {
  const t0 = performance.now();
  const counted = !!window && t0 >= window.start && t0 < window.end;
  if (counted) inWindow++;
  try {
    await action();
    if (counted) result.samples[kind].push(performance.now() - t0);
  } catch (err) {
    if (!counted) return;
    const timeout = (err as Error).name === 'TimeoutError';
    if (timeout) result.timeouts[kind]++;
    else result.errors[kind]++;
    if (result.firstErrors.length < 5) result.firstErrors.push(`${kind}: ${(err as Error).message}`);
  } finally {
    if (counted) inWindow--;
  }
}

/**
 * Kept-alive connections, as a browser keeps them. node:http rather than fetch: the generator shares the machine with
 * the server and its database, and fetch costs it about twice the CPU per request.
 */
const agent = new Agent({ keepAlive: true, maxFreeSockets: 1024 });

/** The body as text, decompressed (only when it is read: an answer is otherwise taken as the browser gets it). */
function textOf(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  return body.toString();
}

/**
 * One API call as the web app makes it (bearer token, compressed answers accepted). Resolves with a reader of the
 * answer's text; the body is received whole but decoded only if read.
 */
function http(vu: VirtualUser, method: string, path: string, body?: object): Promise<() => string> {
  const url = new URL(`${job.api}${path}`);
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${vu.token}`,
          'accept-encoding': 'br, gzip',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          clearTimeout(timer);
          const text = () => textOf(Buffer.concat(chunks), res.headers['content-encoding']);
          if (res.statusCode === 200) return resolve(text);
          reject(new Error(`${method} ${path.split('/')[1]}: ${res.statusCode} ${text().slice(0, 120)}`));
        });
      },
    );
    const timer = setTimeout(() => {
      const err = new Error(`${method} ${path.split('/')[1]}: no answer in ${job.timeoutMs} ms`);
      err.name = 'TimeoutError';
      req.destroy(err);
    }, job.timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(payload);
  });
}

function chat(vu: VirtualUser): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!vu.client.connected) return reject(new Error('STOMP connection closed'));
    const nonce = crypto.randomBytes(6).toString('hex');
    const timer = setTimeout(() => {
      vu.waiting.delete(nonce);
      const err = new Error('no receipt of the message');
      err.name = 'TimeoutError';
      reject(err);
    }, job.timeoutMs);
    vu.waiting.set(nonce, () => {
      clearTimeout(timer);
      resolve();
    });
    vu.client.publish(
      '/app/addMessage',
      JSON.stringify({
        romes: { id: vu.roomId },
        conversation: `mu:${nonce} Could the delegation confirm the schedule for sector 7?`,
        file: null,
        messageType: 'MESSAGE',
      }),
    );
  });
}

/** A save from the revision last seen; one save of an offer at a time (a second editor would get 409 OFFER_STALE). */
async function save(vu: VirtualUser): Promise<void> {
  const offer = job.offers[vu.offer];
  const revisionIn = (text: () => string) => (JSON.parse(text()) as { payload: { revision: number } }).payload.revision;
  // After a save that failed or timed out (it may have been stored all the same), the offer is read again first.
  if (offer.revision < 0) offer.revision = revisionIn(await http(vu, 'GET', `/offers/${offer.id}`));
  try {
    const body = { ...offer.doc, revision: offer.revision, submittedToAU: false };
    offer.revision = revisionIn(await http(vu, 'PUT', `/offers/${offer.id}`, body));
  } catch (err) {
    offer.revision = -1;
    throw err;
  }
}

async function act(vu: VirtualUser): Promise<void> {
  let kind = pick();
  if (kind === 'saveOffer' && saving.has(vu.offer)) {
    if (window) result.savesDeferred++;
    kind = 'openOffer';
  }
  const offerId = job.offers[vu.offer].id;
  switch (kind) {
    case 'listOffers':
      return timed(kind, async () => void (await http(vu, 'GET', '/offers')));
    case 'openOffer':
      return timed(kind, async () => void (await http(vu, 'GET', `/offers/${offerId}`)));
    case 'notifications':
      return timed(kind, async () => void (await http(vu, 'GET', '/notifications/my')));
    case 'chat':
      return timed(kind, () => chat(vu));
    case 'saveOffer':
      saving.add(vu.offer);
      return timed(kind, () => save(vu)).finally(() => saving.delete(vu.offer));
  }
}

async function live(vu: VirtualUser): Promise<void> {
  await sleep(Math.random() * job.thinkMs[1]);
  while (!stopped) {
    await act(vu);
    await sleep(think());
  }
}

async function join(add: StepJob['add'][number]): Promise<void> {
  const client = await LeanStomp.connect(`${job.ws}/stomp-chat?roomId=${add.roomId}`, add.token);
  const vu: VirtualUser = { i: users.length, ...add, client, waiting: new Map() };
  await new Promise<void>((resolve) => {
    client.subscribe(
      `/topic/messages/${add.roomId}`,
      (m) => {
        // The nonce is found in the frame's text: parsing every copy of every message would be the generator's work.
        const at = m.body.indexOf('"conversation":"mu:');
        const nonce = at < 0 ? '' : m.body.slice(at + 19, at + 31);
        vu.waiting.get(nonce)?.();
        vu.waiting.delete(nonce);
      },
      resolve,
    );
  });
  client.subscribe('/topic/queue', () => {});
  users.push(vu);
  void live(vu);
}

async function step(s: StepJob): Promise<StepResult> {
  result = {
    users: 0,
    connectErrors: 0,
    seconds: s.seconds,
    samples: empty(() => []),
    errors: empty(() => 0),
    timeouts: empty(() => 0),
    savesDeferred: 0,
    firstErrors: [],
    generatorCpuPercent: 0,
  };
  // Ramp-up: connect the new users 50 at a time (each starts acting at once, at a random point of its think time).
  // Once connections are refused the step has failed: the users connected so far are measured, no time is lost.
  for (let from = 0; from < s.add.length && !result.connectErrors; from += 50) {
    const settled = await Promise.allSettled(s.add.slice(from, from + 50).map(join));
    for (const r of settled)
      if (r.status === 'rejected') {
        result.connectErrors++;
        if (result.firstErrors.length < 5) result.firstErrors.push(`connect: ${(r.reason as Error).message}`);
      }
  }
  await sleep(s.warmupSeconds * 1000);
  const cpu = process.cpuUsage();
  const start = performance.now();
  window = { start, end: start + s.seconds * 1000 };
  process.send!({ type: 'measuring' });
  await sleep(s.seconds * 1000);
  // Actions started in the window are waited for (each ends by its time limit).
  while (inWindow > 0) await sleep(20);
  const used = process.cpuUsage(cpu);
  result.generatorCpuPercent = +(((used.user + used.system) / 1000 / (performance.now() - start)) * 100).toFixed(1);
  window = null;
  result.users = users.length;
  return result;
}

process.on('message', (m: InitJob | StepJob | { type: 'stop' }) => {
  if (m.type === 'init') {
    job = m;
    process.send!({ type: 'ready' });
  } else if (m.type === 'step')
    step(m).then(
      (r) => process.send!({ type: 'result', result: r }),
      (err: Error) => process.send!({ type: 'error', error: err.message }),
    );
  else {
    stopped = true;
    void Promise.allSettled(users.map((u) => u.client.close())).then(() => process.exit(0));
  }
});
