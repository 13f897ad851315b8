import type { ChatMessage } from '@portal/shared';
import { connectLive, liveUrl } from '../src/realtime/testing.js';
import type { TestApp } from './harness.js';

/**
 * Sends messages to a room over STOMP as a member would, one after another, each waited for until stored and back.
 * The answer has a message per text, typed so: `const [first, second] = await postMessages(…, ['a', 'b'])`.
 */
export async function postMessages<const Texts extends readonly string[]>(
  t: TestApp,
  token: string,
  roomId: string,
  texts: Texts,
): Promise<{ [K in keyof Texts]: ChatMessage }> {
  const live = await connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${roomId}`), token);
  await live.subscribe(`/topic/messages/${roomId}`);
  const sent: ChatMessage[] = [];
  for (const text of texts) {
    live.client.publish({
      destination: '/app/addMessage',
      body: JSON.stringify({ romes: { id: roomId }, conversation: text, messageType: 'MESSAGE' }),
    });
    sent.push(JSON.parse((await live.next(`/topic/messages/${roomId}`)).body));
  }
  await live.close();
  // One message per text, in order: the tuple the type says.
  return sent as { [K in keyof Texts]: ChatMessage };
}
