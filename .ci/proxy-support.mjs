// What .ci/proxy-checks.mjs and .ci/proxy-rolling.mjs share: checks, the token endpoint, sign-in with the mailed code
// read from the instances' shared outbox, waits. Environment: PROXY_URL, PROXY_ADDR, OUTBOX (see proxy-test.sh).
import { readFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const env = process.env;
export const PROXY_URL = env.PROXY_URL; // http://portal.ci.test:18180
export const PROXY_ADDR = env.PROXY_ADDR; // http://127.0.0.1:18180
export const HOST = new URL(PROXY_URL).host;
export const PASSWORD = 'Demo#2026pass';
export const BASIC = `Basic ${Buffer.from('portal-web:portal-web-secret').toString('base64')}`;

export function check(ok, what) {
  if (!ok) {
    console.error(`FAILED: ${what}`);
    process.exit(1);
  }
  console.log(`ok   ${what}`);
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function until(test, ms, what) {
  const end = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await sleep(50);
  }
}

/** POST /api/oauth/token to a base address, optionally through the proxy's host name and with a forged address. */
export async function token(base, form, headers = {}) {
  const res = await fetch(`${base}/api/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: BASIC,
      ...(base === PROXY_ADDR ? { host: HOST } : {}),
      ...headers,
    },
    body: new URLSearchParams(form),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

export async function mailedCode(email, since) {
  for (let i = 0; i < 75; i++) {
    const names = (await readdir(env.OUTBOX).catch(() => [])).filter((n) => n.endsWith('.eml'));
    const mails = await Promise.all(names.map(async (n) => ({ n, t: (await stat(path.join(env.OUTBOX, n))).mtimeMs })));
    for (const m of mails.filter((x) => x.t >= since - 1000).sort((x, y) => y.t - x.t)) {
      const text = await readFile(path.join(env.OUTBOX, m.n), 'utf8');
      const body = text.slice(text.search(/\r?\n\r?\n/)).replace(/=\r?\n/g, '');
      const code = /\b(\d{6})\b/.exec(body)?.[1];
      if ((/^To:\s*(.+)$/im.exec(text)?.[1] ?? '').includes(email) && code) return code;
    }
    await sleep(200);
  }
  throw new Error(`no code mailed to ${email}`);
}

/** Signs in over the API (two steps, the code from the shared outbox) on one instance or through the proxy. */
export async function apiSignIn(base, email) {
  const since = Date.now();
  const first = await token(base, { grant_type: 'mfa', username: email, password: PASSWORD });
  if (first.status !== 200) throw new Error(`sign-in of ${email}: ${first.status} ${JSON.stringify(first.body)}`);
  const code = await mailedCode(email, since);
  const second = await token(base, { grant_type: 'mfa', mfa_token: first.body.mfa_token, code });
  if (second.status !== 200) throw new Error(`code of ${email}: ${second.status}`);
  const me = await fetch(`${base}/api/profile/current`, {
    headers: { authorization: `Bearer ${second.body.access_token}`, ...(base === PROXY_ADDR ? { host: HOST } : {}) },
  }).then((r) => r.json());
  return { token: second.body.access_token, id: me.payload.userId };
}

/**
 * Whether a process still runs. A zombie counts as exited: an instance the rolling restart started is left to the
 * machine's PID 1 when that script ends, and PID 1 here does not reap it.
 */
export function running(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}
