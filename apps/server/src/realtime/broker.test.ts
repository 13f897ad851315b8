import { describe, expect, it } from 'vitest';
import { address, createBroker, type BrokerMessage } from './broker.js';

const QUEUE = '/topic/queue';
const message = (body: string, to?: string[]): BrokerMessage => ({ destination: QUEUE, headers: {}, body, to });

/** A subscriber that keeps the bodies it was offered. */
async function subscriber(broker: Awaited<ReturnType<typeof createBroker>>, addresses?: string[]) {
  const got: string[] = [];
  const unsubscribe = await broker.subscribe(QUEUE, (m) => got.push(m.body), addresses);
  return { got, unsubscribe };
}

describe('addressed delivery (a message for a few users is offered to them only)', () => {
  it('offers a message naming its addressees to the subscribers at one of them, once each', async () => {
    const broker = await createBroker(undefined);
    const ada = await subscriber(broker, [address.user('ada'), address.country(1)]);
    const bob = await subscriber(broker, [address.user('bob'), address.country(2)]);
    const staff = await subscriber(broker, [address.user('sam'), address.staff]);
    const control = await subscriber(broker);

    await broker.publish(message('for ada', [address.user('ada')]));
    await broker.publish(message('for country 1 and ada', [address.country(1), address.user('ada')]));
    await broker.publish(message('for the secretariat', [address.staff]));
    await broker.publish(message('for everyone'));

    expect(ada.got).toEqual(['for ada', 'for country 1 and ada', 'for everyone']);
    expect(bob.got).toEqual(['for everyone']);
    expect(staff.got).toEqual(['for the secretariat', 'for everyone']);
    // A subscriber without addresses is offered everything (its rule decides).
    expect(control.got).toEqual(['for ada', 'for country 1 and ada', 'for the secretariat', 'for everyone']);
    await broker.close();
  });

  it('stops offering addressed messages once unsubscribed', async () => {
    const broker = await createBroker(undefined);
    const ada = await subscriber(broker, [address.user('ada')]);
    const again = await subscriber(broker, [address.user('ada')]);
    await ada.unsubscribe();
    await broker.publish(message('later', [address.user('ada')]));
    expect(ada.got).toEqual([]);
    expect(again.got).toEqual(['later']);
    await broker.close();
  });
});
