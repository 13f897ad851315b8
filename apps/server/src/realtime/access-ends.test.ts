/**
 * Access ends when access ends: deactivating a user, a password reset or change, and signing out close
 * that user's live connections at once, with an ERROR frame the web app turns into the sign-in page, and the
 * same token cannot connect again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedMail, mailsTo, startTestApp, type TestApp } from '../../test/harness.js';
import { call } from '../../test/http.js';
import { newRoom, userWithToken } from '../../test/factories.js';
import { connectLive, liveUrl } from './testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The ERROR frame's message once the server has closed the live connection (the client does nothing). */
async function closedWith(live: Awaited<ReturnType<typeof connectLive>>) {
  const { error } = await live.closed;
  return error?.headers.message;
}

describe('live connections of a user whose access ends', () => {
  it('close when an administrator deactivates the user, on both endpoints, and stay closed', async () => {
    const admin = await userWithToken(t, { role: 'ADMIN', country: null });
    const user = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const other = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const room = (await call(t, 'POST', '/chats/addRomes', { token: other.token, body: newRoom('Desk', [user.id]) }))
      .body.payload;
    const queue = await connectLive(liveUrl(t.api), user.token);
    const chat = await connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${room.id}`), user.token);
    const bystander = await connectLive(liveUrl(t.api), other.token);

    const res = await call(t, 'PUT', `/users/${user.id}/status`, { token: admin.token, body: { status: 'DISABLED' } });
    expect(res.status).toBe(200);
    for (const live of [queue, chat]) expect(await closedWith(live)).toBe('UNAUTHORIZED');
    // The same token cannot come back, on either endpoint; others stay connected.
    await expect(connectLive(liveUrl(t.api), user.token)).rejects.toThrow('UNAUTHORIZED');
    await expect(connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${room.id}`), user.token)).rejects.toThrow(
      'UNAUTHORIZED',
    );
    expect(bystander.client.connected).toBe(true);
    await bystander.close();
  });

  it('close when the password is reset from a mailed link', async () => {
    const user = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'KE' });
    const live = await connectLive(liveUrl(t.api), user.token);
    await call(t, 'POST', '/password/forgot', { body: { email: user.email } });
    let token: string | undefined;
    await expect
      .poll(() => {
        const mail = mailsTo(t, user.email)
          .map(decodedMail)
          .find((m) => m.includes('/reset?token='));
        token = mail?.match(/\/reset\?token=([A-Za-z0-9_%-]+)/)?.[1];
        return token;
      })
      .toBeDefined();
    const reset = await call(t, 'POST', '/password/reset', {
      body: { token: decodeURIComponent(token!), newPassword: 'Fresh#2026pass!', confirmPassword: 'Fresh#2026pass!' },
    });
    expect(reset.status).toBe(200);
    expect(await closedWith(live)).toBe('UNAUTHORIZED');
  });

  it('close when the user changes their password (every session, the one that changed it included)', async () => {
    const user = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'KE' });
    const live = await connectLive(liveUrl(t.api), user.token);
    const res = await call(t, 'POST', '/profile/reset', {
      token: user.token,
      body: { oldPassword: user.password, newPassword: 'Fresh#2026pass!', confirmPassword: 'Fresh#2026pass!' },
    });
    expect(res.status).toBe(200);
    expect((await live.closed).error?.headers.message).toBe('UNAUTHORIZED');
  });
});
