import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { call } from '../../test/http.js';
import { userWithToken } from '../../test/factories.js';

let t: TestApp;
let lines = '';
beforeAll(async () => {
  const stream = new Writable({ write: (chunk, _enc, done) => ((lines += chunk.toString()), done()) });
  // It provokes a 500 on purpose: the OpenAPI document declares no 500 (a fault), so no contract check here.
  t = await startTestApp({ LOG_LEVEL: 'info' }, { logStream: stream, contract: false });
});
afterAll(() => t.close());

describe('a failed database write in the server log', () => {
  it('names the code, message and table, never the values it was writing', async () => {
    const user = await userWithToken(t);
    // The database refuses every new password hash, as a full disk or a broken constraint would.
    await t.ctx.db.execute(
      sql.raw(`CREATE FUNCTION refuse_hash() RETURNS trigger LANGUAGE plpgsql AS $$
               BEGIN RAISE EXCEPTION 'write refused for the test'; END $$`),
    );
    await t.ctx.db.execute(
      sql.raw(`CREATE TRIGGER refuse_hash BEFORE UPDATE OF password_hash ON users
               FOR EACH ROW EXECUTE FUNCTION refuse_hash()`),
    );
    const newPassword = 'Savanna-Lantern-2026!';
    const res = await call(t, 'POST', '/profile/reset', {
      token: user.token,
      body: { oldPassword: user.password, newPassword, confirmPassword: newPassword },
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: expect.any(String), code: 'INTERNAL' });

    const failure = lines
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { msg: string; err?: Record<string, unknown> })
      .find((l) => l.msg === 'request failed');
    expect(failure?.err).toMatchObject({ code: 'P0001', table: 'users', message: expect.stringContaining('refused') });
    expect(lines).not.toContain('$argon2');
    expect(lines).not.toContain(newPassword);
  });
});
