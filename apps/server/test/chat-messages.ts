import type { ChatMessage } from '@portal/shared';
import { connectLive, liveUrl } from '../src/realtime/testing.js';
import type { TestApp } from './harness.js';

/** Sends messages to a room over STOMP as a member would, one after another, each waited for until stored and back. */
export async function postMessages(t: TestApp, token: string, roomId: string, texts: string[]): Promise<ChatMessage[]> {
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
  return sent;
}
