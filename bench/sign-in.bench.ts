// Sign-in under its throttling (per account and per client address), over HTTP against the real app (embedded PGlite):
// the owner's step 1 (password, from a browser they signed in from) idle — the baseline of the same run — and while an
// attacker sends 50 wrong passwords a second to the same account from rotating client addresses; the owner from a new
// browser (challenge fetched and solved, as the login page does); and an unknown address against a wrong password (the
// answers must not tell them apart). `npm run bench -- sign-in`; results in bench/results/sign-in.json and .md.
import { performance } from 'node:perf_hooks';
import { buildUser } from '../apps/server/test/factories.js';
import { latestCode } from '../apps/server/test/harness.js';
import { solvedCaptcha } from '../apps/server/test/captcha.js';
import { signInFailures } from '../apps/server/src/db/schema/index.js';
import os from 'node:os';
import { machine, measure, startBenchApp, stats, writeResults } from './lib.js';

const N = Number(process.env.BENCH_N ?? 40);
const ATTACK_PER_SECOND = 50;

const t = await startBenchApp({ TRUST_PROXY: '127.0.0.1' });
const owner = await buildUser(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
const device = 'bench-owner-browser';
let sources = 0;
const nextSource = () => `10.${(++sources >> 16) & 255}.${(sources >> 8) & 255}.${sources & 255}`;

async function token(form: Record<string, string>, from = nextSource()) {
  const res = await fetch(`${t.api}/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from('portal-web:portal-web-secret').toString('base64')}`,
      'x-forwarded-for': from,
    },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, body: (await res.json()) as { code?: string; mfa_token?: string } };
}
const ownerStep1 = async (extra: Record<string, string> = { device }) => {
  const r = await token({ grant_type: 'mfa', username: owner.email, password: owner.password, ...extra });
  if (r.status !== 200) throw new Error(`owner refused: ${r.status} ${JSON.stringify(r.body)}`);
  return r;
};

// The owner signs in once from their browser, which makes it known.
const first = await ownerStep1();
await token({ grant_type: 'mfa', mfa_token: first.body.mfa_token!, code: latestCode(t, owner.email), device });

const idle = await measure(() => ownerStep1().then(() => undefined), N);

// The attack: 50 wrong passwords a second to the owner's account, each from a new client address.
let attacking = true;
const attackAnswers = new Map<string, number>();
const attack = (async () => {
  const pending: Promise<void>[] = [];
  while (attacking) {
    const tick = performance.now();
    for (let i = 0; i < ATTACK_PER_SECOND / 10; i++)
      pending.push(
        token({ grant_type: 'mfa', username: owner.email, password: `guess-${sources}` }).then((r) => {
          const key = `${r.status} ${r.body.code ?? ''}`;
          attackAnswers.set(key, (attackAnswers.get(key) ?? 0) + 1);
        }),
      );
    await new Promise((r) => setTimeout(r, Math.max(0, 100 - (performance.now() - tick))));
  }
  await Promise.all(pending);
})();
await new Promise((r) => setTimeout(r, 1000));
const attackStart = performance.now();
const underAttack = await measure(() => ownerStep1().then(() => undefined), N, 2);

// From a browser it never signed in from, the owner is asked for the check: fetch, solve, sign in.
const newBrowser: number[] = [];
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  const asked = await token({ grant_type: 'mfa', username: owner.email, password: owner.password, device: `new-${i}` });
  if (asked.body.code !== 'SIGN_IN_CHALLENGE') throw new Error(`expected the challenge, got ${asked.status}`);
  const captcha = await solvedCaptcha(t);
  await ownerStep1({ device: `new-${i}`, captcha });
  newBrowser.push(performance.now() - t0);
}
attacking = false;
await attack;
const attackSeconds = (performance.now() - attackStart) / 1000;
const attackTotal = [...attackAnswers.values()].reduce((a, b) => a + b, 0);

// Unknown address against a wrong password, on fresh addresses (before any challenge): same answer, same time.
const wrongAnswers = new Set<string>();
const unknownAnswers = new Set<string>();
const unknownAddress = await measure(async (i) => {
  const u = await token({ grant_type: 'mfa', username: `owner-${i}-${sources}@x.test`, password: 'nope' });
  unknownAnswers.add(JSON.stringify(u));
}, 20);
const other = await buildUser(t);
const wrongPassword = await measure(async () => {
  const r = await token({ grant_type: 'mfa', username: other.email, password: 'nope' });
  wrongAnswers.add(JSON.stringify(r));
  // Start the address afresh, so the challenge never comes into it.
  await t.ctx.db.delete(signInFailures);
}, 20);

const ratio = +(underAttack.p95 / idle.p95).toFixed(2);
const same = () =>
  unknownAnswers.size === 1 && wrongAnswers.size === 1 && [...unknownAnswers][0] === [...wrongAnswers][0];
writeResults(
  'sign-in',
  {
    requestsPerCase: N,
    ownerIdle: idle,
    ownerUnderAttack: underAttack,
    p95RatioUnderAttackToIdle: ratio,
    attack: {
      perSecondAimed: ATTACK_PER_SECOND,
      perSecondSent: +(attackTotal / attackSeconds).toFixed(1),
      answers: Object.fromEntries(attackAnswers),
    },
    ownerNewBrowserWithChallenge: stats(newBrowser),
    unknownAddress,
    wrongPassword,
    sameAnswer: same(),
  },
  [
    `# Sign-in under throttling (${machine()}, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
    '',
    '| case | n | p50 ms | p95 ms | p99 ms |',
    '| --- | --- | --- | --- | --- |',
    `| owner, known browser, idle (baseline) | ${idle.n} | ${idle.p50} | ${idle.p95} | ${idle.p99} |`,
    `| owner, known browser, under ${ATTACK_PER_SECOND} wrong passwords/s | ${underAttack.n} | ${underAttack.p50} | ${underAttack.p95} | ${underAttack.p99} |`,
    `| owner, new browser: challenge fetched, solved, sign-in | ${newBrowser.length} | ${stats(newBrowser).p50} | ${stats(newBrowser).p95} | ${stats(newBrowser).p99} |`,
    `| unknown address | ${unknownAddress.n} | ${unknownAddress.p50} | ${unknownAddress.p95} | ${unknownAddress.p99} |`,
    `| wrong password of a real account | ${wrongPassword.n} | ${wrongPassword.p50} | ${wrongPassword.p95} | ${wrongPassword.p99} |`,
    '',
    `Owner p95 under attack / idle: **${ratio}×**. Attack answers: ${[...attackAnswers].map(([k, v]) => `${k}: ${v}`).join(', ')} (${(attackTotal / attackSeconds).toFixed(1)}/s sent).`,
    `Unknown address and wrong password answered identically: ${same() ? 'yes' : 'NO'}.`,
  ],
);
await t.close();
