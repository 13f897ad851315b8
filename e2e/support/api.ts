import { baseUrl, DEMO_PASSWORD, readSignInCode } from './portal';

/** An access token for a seeded user, through both sign-in steps over HTTP (for preconditions, not for journeys). */
export async function apiToken(email: string): Promise<string> {
  const basic = `Basic ${Buffer.from('portal-web:portal-web-secret').toString('base64')}`;
  const token = (form: Record<string, string>) =>
    fetch(`${baseUrl()}/api/oauth/token`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    }).then((r) => r.json() as Promise<Record<string, string>>);
  const since = Date.now();
  const step1 = await token({ grant_type: 'mfa', username: email, password: DEMO_PASSWORD });
  const code = await readSignInCode(email, since);
  return (await token({ grant_type: 'mfa', mfa_token: step1.mfa_token, code })).access_token;
}

/** One API call with a token; the payload of the envelope, or an error naming the call. */
export async function api<T = any>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      timezone: 'UTC',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { payload: T; message?: string };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.payload;
}
