import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { SEND_MESSAGE_DESTINATION, roomTopic, type ChatMessage, type MessagePage } from '@portal/shared';
import { openLive, type LiveConnection } from '../../api/stomp';
import { chatKeys } from './api';
import { replaceMessage } from './OwnMessageActions';

/** Appends a live message to the newest page of a room's messages, once; a known one (edited, deleted) is replaced. */
function appendMessage(data: InfiniteData<MessagePage, number> | undefined, message: ChatMessage) {
  if (!data) return data;
  if (data.pages.some((p) => p.content.some((m) => m.id === message.id))) return replaceMessage(data, message);
  const [newest, ...older] = data.pages;
  if (!newest) return data;
  return {
    ...data,
    pages: [{ ...newest, content: [...newest.content, message], totalElements: newest.totalElements + 1 }, ...older],
  };
}

/**
 * The open room's live channel: /stomp-chat?roomId, subscribed to /topic/messages/{roomId}. Messages arrive
 * in the TanStack Query cache of the room; `send` publishes to /app/addMessage while connected.
 */
export function useRoomLive(roomId: string | null) {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const live = useRef<LiveConnection | null>(null);

  useEffect(() => {
    if (!roomId) return;
    const connection = openLive('/stomp-chat', {
      query: { roomId },
      onState: (up) => {
        setConnected(up);
        // Subscribed (first time or back after a drop): what was sent before the subscription held, while the
        // room's history was loading or the connection was down, is fetched rather than lost.
        if (up) void queryClient.invalidateQueries({ queryKey: chatKeys.messages(roomId) });
      },
    });
    live.current = connection;
    connection.subscribe(roomTopic(roomId), (frame) => {
      const message = JSON.parse(frame.body) as ChatMessage;
      queryClient.setQueryData<InfiniteData<MessagePage, number>>(chatKeys.messages(roomId), (old) =>
        appendMessage(old, message),
      );
      if (message.type === 'JOIN') void queryClient.invalidateQueries({ queryKey: chatKeys.participants(roomId) });
      // Someone left or was removed: the participants change, and when it is oneself the room answers 404 (its
      // messages stop arriving) and leaves one's lists.
      if (message.type === 'EXIT') {
        void queryClient.invalidateQueries({ queryKey: chatKeys.participants(roomId) });
        void queryClient.invalidateQueries({ queryKey: chatKeys.room(roomId) });
        void queryClient.invalidateQueries({ queryKey: chatKeys.contactRooms() });
        void queryClient.invalidateQueries({ queryKey: chatKeys.offerRooms() });
      }
    });
    return () => {
      live.current = null;
      setConnected(false);
      void connection.close();
    };
  }, [roomId, queryClient]);

  const send = useCallback(
    (conversation: string, file: string | null, replyToId: string | null = null) =>
      !!roomId &&
      !!live.current?.publish(SEND_MESSAGE_DESTINATION, {
        romes: { id: roomId },
        conversation,
        file: file ?? '',
        messageType: file ? 'FILE' : 'MESSAGE',
        replyTo: replyToId ? { id: replyToId } : null,
      }),
    [roomId],
  );
  return { connected, send };
}
