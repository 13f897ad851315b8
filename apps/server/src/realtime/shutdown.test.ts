import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TOPIC } from '@portal/shared';
import { startTestApp } from '../../test/harness.js';
import { userWithToken } from '../../test/factories.js';
import { connectLive, liveUrl } from './testing.js';

describe('stopping the server', () => {
  it('sends every live client an ERROR frame SERVER_SHUTTING_DOWN (it reconnects from it), then closes (1001, going away)', async () => {
    const t = await startTestApp();
    const user = await userWithToken(t);
    const offers = await connectLive(liveUrl(t.api, '/stomp'), user.token);
    await offers.subscribe(NOTIFICATION_TOPIC);
    const chat = await connectLive(liveUrl(t.api, '/stomp-chat'), user.token);

    await t.close();

    for (const client of [offers, chat]) {
      const { error, code } = await client.closed;
      expect(error?.command).toBe('ERROR');
      expect(error?.headers.message).toBe('SERVER_SHUTTING_DOWN');
      expect(code).toBe(1001); // going away
    }
  });
});
