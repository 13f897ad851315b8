// The checks of .ci/proxy-test.sh, run against two compiled instances (A, B) behind nginx under the host name
// portal.ci.test. Prints one line per check with its figures; exits 1 on the first failure.
// Environment (set by proxy-test.sh): PROXY_URL (as the browser sees it), PROXY_ADDR (the same on 127.0.0.1),
// INSTANCE_A, INSTANCE_B, PID_A, OUTBOX, DATABASE_URL, RATE_LIMIT.
import http from 'node:http';
import { Client } from '@stomp/stompjs';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { WebSocket } from 'ws';
import {
  apiSignIn,
  BASIC,
  check,
  HOST,
  mailedCode,
  PASSWORD,
  PROXY_ADDR,
  PROXY_URL,
  running,
  sleep,
  token,
  until,
} from './proxy-support.mjs';

const env = process.env;
const [A, B] = [env.INSTANCE_A, env.INSTANCE_B];
const db = new pg.Client({ connectionString: env.DATABASE_URL });

function stomp(url, accessToken) {
  const messages = [];
  let closedWith = null;
  const client = new Client({
    webSocketFactory: () => new WebSocket(url, ['v12.stomp'], { headers: { host: HOST } }),
    connectHeaders: { Authorization: `Bearer ${accessToken}` },
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    debug: () => {},
  });
  client.onStompError = (frame) => (closedWith = frame.headers.message);
  return new Promise((resolve, reject) => {
    client.onConnect = () => resolve({ client, messages, error: () => closedWith });
    client.onWebSocketError = () => reject(new Error(`cannot connect to ${url}`));
    client.activate();
  }).then((live) => live);
}

function subscribe(live, destination) {
  return new Promise((resolve) => {
    const receipt = `r-${Math.random()}`;
    live.client.watchForReceipt(receipt, () => resolve());
    live.client.subscribe(destination, (m) => live.messages.push(JSON.parse(m.body)), { receipt });
  });
}

async function auditOf(email) {
  const { rows } = await db.query('select ip, geolocation from audit_logs where log_user = $1', [email]);
  return rows;
}

/** A POST whose body arrives in two parts: the request is in flight (headers read) while the server stops. */
function slowRequest(base, firstPartSent) {
  const body = new URLSearchParams({ grant_type: 'mfa', username: 'in.flight@ci.test', password: 'x' }).toString();
  return new Promise((resolve) => {
    const req = http.request(`${base}/api/oauth/token`, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': Buffer.byteLength(body),
        authorization: BASIC,
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', (err) => resolve(err.code ?? err.message));
    req.flushHeaders();
    req.write(body.slice(0, 10));
    firstPartSent.then(() => req.end(body.slice(10)));
  });
}

await db.connect();
const t0 = Date.now();

// 1. A browser opens the portal by host name over plain HTTP through nginx and signs in.
{
  const res = await fetch(`${PROXY_ADDR}/`, { headers: { host: HOST } });
  const csp = res.headers.get('content-security-policy') ?? '';
  check(
    res.status === 200 && !csp.includes('upgrade-insecure-requests') && !res.headers.get('strict-transport-security'),
    'over plain HTTP the security policy asks no upgrade to https (no HSTS)',
  );
  // The sign-in page comes rendered in the browser's language (the server's build of the web app, production
  // dependencies only: jsdom among them).
  const french = await (
    await fetch(`${PROXY_ADDR}/login`, { headers: { host: HOST, 'accept-language': 'fr-FR,fr;q=0.9' } })
  ).text();
  check(
    french.includes('<html lang="fr" dir="ltr">') && french.includes('<h1 class="page-title">Connexion</h1>'),
    'the sign-in page arrives rendered in French through the proxy',
  );
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP portal.ci.test 127.0.0.1`],
  });
  try {
    const page = await browser.newPage({ locale: 'en-US', baseURL: PROXY_URL });
    const started = Date.now();
    await page.goto('/login');
    const since = Date.now();
    await page.getByLabel('Email address', { exact: true }).fill('focal.ke@portal.test');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/two-factor/);
    await page.getByLabel('Verification code').fill(await mailedCode('focal.ke@portal.test', since));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForURL((url) => !/\/(login|two-factor)/.test(url.pathname));
    await page.getByRole('navigation', { name: 'Workspace navigation' }).waitFor();
    check(
      new URL(page.url()).host === HOST,
      `a browser signs in through the proxy at ${PROXY_URL} (${Date.now() - started} ms)`,
    );
  } finally {
    await browser.close();
  }
}

// 2. A chat message sent through instance A reaches a user connected to B, and one connected through the proxy.
const ke = await apiSignIn(A, 'chief.ke@portal.test');
const sn = await apiSignIn(B, 'chief.sn@portal.test');
const room = await fetch(`${A}/api/chats/addRomes`, {
  method: 'POST',
  headers: { authorization: `Bearer ${ke.token}`, 'content-type': 'application/json' },
  body: JSON.stringify({
    title: 'Proxy CI',
    profileDtos: [sn.id],
    offerDoc: null,
    countryIdSender: null,
    countryIdReceived: null,
    romeType: 'CONTACT',
  }),
}).then((r) => r.json());
if (!room.payload) throw new Error(`the room was refused: ${JSON.stringify(room)}`);
const roomId = room.payload.id;
const ws = (base) => base.replace(/^http/, 'ws') + `/stomp-chat?roomId=${roomId}`;
const onB = await stomp(ws(B), sn.token);
const viaProxy = await stomp(ws(PROXY_ADDR), sn.token);
await Promise.all([subscribe(onB, `/topic/messages/${roomId}`), subscribe(viaProxy, `/topic/messages/${roomId}`)]);
const onA = await stomp(ws(A), ke.token);
const sent = Date.now();
onA.client.publish({
  destination: '/app/addMessage',
  body: JSON.stringify({ romes: { id: roomId }, conversation: 'hello from A', file: null, messageType: 'MESSAGE' }),
});
await until(() => onB.messages.length > 0 && viaProxy.messages.length > 0, 5000, 'the message on B');
check(
  onB.messages[0].conversation === 'hello from A' && viaProxy.messages[0].conversation === 'hello from A',
  `a chat message sent on A reaches a user on B and one connected through nginx (${Date.now() - sent} ms)`,
);

// 3. A forged X-Forwarded-For is ignored, through the proxy and straight at an instance.
const stamp = Date.now();
for (const [base, who] of [
  [PROXY_ADDR, `forged.proxy.${stamp}@ci.test`],
  [A, `forged.direct.${stamp}@ci.test`],
]) {
  await token(base, { grant_type: 'mfa', username: who, password: 'x' }, { 'x-forwarded-for': '196.1.95.1' });
  const rows = await auditOf(who);
  check(
    rows.length === 1 && rows[0].ip === '127.0.0.1' && rows[0].geolocation === 'local',
    `forged X-Forwarded-For ${base === A ? 'straight at instance A' : 'through the proxy'}: the audit log has the real address (${rows[0]?.ip}, ${rows[0]?.geolocation}), not 196.1.95.1`,
  );
}

// 4. SIGTERM to A under load: requests in flight on A finish, nothing through the proxy fails, live clients of A
// are told SERVER_SHUTTING_DOWN.
{
  let release;
  const firstPartSent = new Promise((r) => (release = r));
  const inFlight = Array.from({ length: 10 }, () => slowRequest(A, firstPartSent));
  let stop = false;
  const results = { ok: 0, failed: 0 };
  const loop = async () => {
    while (!stop) {
      const res = await fetch(`${PROXY_ADDR}/api/home`, { headers: { host: HOST } }).catch(() => null);
      if (res?.status === 200) results.ok++;
      else results.failed++;
      await res?.arrayBuffer();
    }
  };
  const loops = Array.from({ length: 8 }, loop);
  await sleep(700);
  const signalled = Date.now();
  process.kill(Number(env.PID_A), 'SIGTERM');
  await sleep(300);
  release();
  const statuses = await Promise.all(inFlight);
  let exitedAfter = null;
  for (let i = 0; i < 160 && exitedAfter === null; i++) {
    if (running(Number(env.PID_A))) await sleep(100);
    else exitedAfter = Date.now() - signalled;
  }
  await sleep(700);
  stop = true;
  await Promise.all(loops);
  check(
    // A wrong password: the token endpoint's 400 invalid_grant, answered in full although A was stopping.
    statuses.every((s) => s === 400),
    `10 requests in flight on A when SIGTERM came all answered (${statuses.join(',')})`,
  );
  check(
    results.failed === 0 && results.ok > 0,
    `load through nginx during the stop: ${results.ok} answered, ${results.failed} failed`,
  );
  // Its drain (SHUTDOWN_DRAIN_SECONDS, 5 in production), then the close.
  check(exitedAfter !== null && exitedAfter < 15_000, `instance A exited ${exitedAfter} ms after SIGTERM`);
  await until(() => onA.error() !== null, 3000, 'the ERROR frame');
  check(onA.error() === 'SERVER_SHUTTING_DOWN', `A's live client was told ${onA.error()}`);
}

// 5. The sign-in rate limit counts per real address across instances: rotating forged addresses does not escape it.
{
  let attempts = 0;
  let limited = null;
  const limit = Number(env.RATE_LIMIT);
  while (attempts <= limit && !limited) {
    attempts++;
    const base = attempts % 2 ? PROXY_ADDR : B;
    const res = await token(
      base,
      { grant_type: 'mfa', username: 'nobody@ci.test', password: 'x' },
      { 'x-forwarded-for': `41.90.${attempts}.1` },
    );
    if (res.status === 429) limited = attempts;
  }
  check(
    limited !== null,
    `rate limit: 429 after ${limited} more attempts with a new forged address each (limit ${limit})`,
  );
}

await Promise.all([onB.client.deactivate(), viaProxy.client.deactivate(), onA.client.deactivate()]);
await db.end();
console.log(`checks took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
