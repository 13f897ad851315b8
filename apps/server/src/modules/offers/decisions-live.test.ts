/**
 * The secretariat's decisions reach the country's open screens without a reload: the live notification names the
 * offer (so the client reads it again), and nothing kept answers the old status, neither the server's kept answers
 * nor the browser's copy revalidated with If-None-Match.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_TOPIC, type QueueMessage } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { countryOffer } from '../../../test/offer-factory.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The live notifications published to one user while `act` runs, once they are all out. */
async function liveTo(userId: string, count: number, act: () => Promise<unknown>): Promise<QueueMessage[]> {
  const publish = vi.spyOn(t.ctx.realtime, 'publish');
  try {
    await act();
    const sent = () =>
      publish.mock.calls
        .filter(([destination, , headers]) => destination === NOTIFICATION_TOPIC && headers?.['user-id'] === userId)
        .map(([, body]) => body as QueueMessage);
    await vi.waitFor(() => expect(sent()).toHaveLength(count));
    return sent();
  } finally {
    publish.mockRestore();
  }
}

describe("the secretariat's decisions, live", () => {
  it('a return names the offer in the live message, and the next read answers RETURNED with the comment', async () => {
    const { id, chief } = await countryOffer(t, 'NG', 'submitted');
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    // The country's screen read the offer and the list before the decision (kept on the server, tagged in the browser).
    const before = await call(t, 'GET', `/offers/${id}`, { token: chief.token });
    expect(before.body.payload.status).toBe('INITIAL_OFFER');
    expect((await call(t, 'GET', '/offers', { token: chief.token })).body.payload[0].status).toBe('INITIAL_OFFER');
    const etag = before.headers.get('etag')!;

    const [message] = await liveTo(chief.id, 1, () =>
      call(t, 'POST', `/offers/${id}/return`, { token: staff.token, body: { comment: 'Bind mode 3.' } }),
    );
    expect(message).toMatchObject({ type: 'NOTIFICATION', offerId: id, notification: { kind: 'offer.returned' } });

    const after = await call(t, 'GET', `/offers/${id}`, { token: chief.token, headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.body.payload).toMatchObject({ status: 'RETURNED', permissions: { submit: true } });
    expect(after.body.payload.offerVersions.at(-1)).toMatchObject({ status: 'RETURNED', comment: 'Bind mode 3.' });
    const list = (await call(t, 'GET', '/offers', { token: chief.token })).body.payload;
    expect(list.find((o: { id: string }) => o.id === id).status).toBe('RETURNED');
  });

  it('validation and finalization name the offer too', async () => {
    const { id, chief, focal } = await countryOffer(t, 'ET', 'resubmitted');
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const validated = await liveTo(focal.id, 1, () =>
      call(t, 'POST', `/offers/${id}/validate`, { token: staff.token }),
    );
    expect(validated[0]).toMatchObject({
      type: 'NOTIFICATION',
      offerId: id,
      notification: { kind: 'offer.validated' },
    });
    expect((await call(t, 'GET', `/offers/${id}`, { token: chief.token })).body.payload.status).toBe('COMMITMENT');
    const finalized = await liveTo(chief.id, 1, () =>
      call(t, 'POST', `/offers/${id}/finalize`, { token: staff.token }),
    );
    expect(finalized[0]).toMatchObject({
      type: 'NOTIFICATION',
      offerId: id,
      notification: { kind: 'offer.finalized' },
    });
    expect((await call(t, 'GET', `/offers/${id}`, { token: chief.token })).body.payload).toMatchObject({
      status: 'FINAL_OFFER',
      permissions: { edit: false },
    });
  });
});
