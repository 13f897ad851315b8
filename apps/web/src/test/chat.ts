import type { ChatMessage } from '@portal/shared';

/** A plain text message in room r1, as the server lists it; `over` sets what a test is about. */
export function testMessage(over: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 'm1',
    type: 'NORMAL',
    messageType: 'MESSAGE',
    conversation: 'We accept the schedule for mode 3.',
    file: null,
    fileName: null,
    fileContentType: null,
    fileSize: null,
    editedAt: null,
    deleted: false,
    replyTo: null,
    anchor: null,
    createdAt: '2026-01-01T00:00:00Z',
    romes: { id: 'r1' },
    sender: { userId: 'u2', firstName: 'Aïssatou', lastName: 'Ndiaye' },
    ...over,
  };
}
