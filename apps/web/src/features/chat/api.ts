/** The messaging calls (the Chat part of the spec's API) through the one HTTP client, and their query hooks. */
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  ChatMessage,
  ChatRoom,
  ChatSearchHit,
  ChatUser,
  MessagePage,
  OfferRooms,
  RoomRead,
  Translation,
  UploadedFile,
} from '@portal/shared';
import { http } from '../../api/http';
import { requestBlob } from './blob';

const enc = encodeURIComponent;

export const chatKeys = {
  all: ['chat'] as const,
  /** Both lists of rooms. */
  rooms: () => ['chat', 'rooms'] as const,
  contactRooms: () => ['chat', 'rooms', 'contact'] as const,
  offerRooms: () => ['chat', 'rooms', 'offer'] as const,
  room: (id: string) => ['chat', 'room', id] as const,
  participants: (id: string) => ['chat', 'participants', id] as const,
  messages: (id: string) => ['chat', 'messages', id] as const,
  approved: () => ['chat', 'approved'] as const,
  search: (id: string, term: string) => ['chat', 'search', id, term] as const,
  searchAll: (term: string) => ['chat', 'searchAll', term] as const,
};

export const chatApi = {
  contactRooms: (signal?: AbortSignal) => http.get<ChatRoom[]>('/chats/getAllRomes', signal),
  offerRooms: (signal?: AbortSignal) => http.get<OfferRooms>('/chats/getAllRoomesOffer', signal),
  room: (id: string, signal?: AbortSignal) => http.get<ChatRoom>(`/chats/getRoomById/${enc(id)}`, signal),
  participants: (id: string, signal?: AbortSignal) => http.get<ChatUser[]>(`/chats/profileByRooms/${enc(id)}`, signal),
  messages: (id: string, page: number, signal?: AbortSignal) =>
    http.get<MessagePage>(`/chats/getAllMessageByRome/${enc(id)}?page=${page}`, signal),
  /** The room's messages containing the words (accents and case ignored), newest first. */
  search: (id: string, term: string, signal?: AbortSignal) =>
    http.get<ChatMessage[]>(`/chats/searchMessages/${enc(id)}?q=${enc(term)}`, signal),
  /** The same search across every room one may read; each hit with its roomId and roomTitle. */
  searchAll: (term: string, signal?: AbortSignal) =>
    http.get<ChatSearchHit[]>(`/chats/searchMessages?q=${enc(term)}`, signal),
  approved: (signal?: AbortSignal) => http.get<ChatUser[]>('/profile/approved', signal),
  createRoom: (title: string, userIds: string[]) =>
    http.post<ChatRoom>('/chats/addRomes', {
      title,
      profileDtos: userIds,
      offerDoc: null,
      countryIdSender: null,
      countryIdReceived: null,
      romeType: 'CONTACT',
    }),
  openOfferRoom: (offerId: string) => http.post<ChatRoom>(`/chats/addRoomOffer/${enc(offerId)}`),
  invite: (roomId: string, userId: string) =>
    http.post<ChatRoom>(`/chats/addInviteUser?userId=${enc(userId)}&roomId=${enc(roomId)}`),
  /** Removes a participant who was added to the room (its creator, or the secretariat in a negotiation). */
  remove: (roomId: string, userId: string) =>
    http.post<ChatRoom>(`/chats/removeUser?userId=${enc(userId)}&roomId=${enc(roomId)}`),
  leave: (roomId: string) => http.post<null>(`/chats/leaveRoom/${enc(roomId)}`),
  /** One's own message: new text (shown edited), or deleted (shown deleted); the record keeps the original. */
  editMessage: (messageId: string, conversation: string) =>
    http.put<ChatMessage>(`/chats/message/${enc(messageId)}`, { conversation }),
  deleteMessage: (messageId: string) => http.delete<ChatMessage>(`/chats/message/${enc(messageId)}`),
  /** The room is read up to a message (its newest by default). */
  markRead: (roomId: string, messageId?: string) =>
    http.post<RoomRead>(`/chats/markRead/${enc(roomId)}`, messageId ? { messageId } : {}),
  translate: (message: string, lang: string) =>
    http.get<Translation>(`/chats/message/translate?message=${enc(message)}&lang=${enc(lang)}`),
  upload: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return http.post<UploadedFile>('/file', form);
  },
  /** The bytes of an attachment, for a download or a video preview (the download needs the bearer token). */
  download: (key: string): Promise<Blob> => requestBlob(`/file/aws/download/${enc(key)}`),
};

/**
 * The lists of rooms. Fresh for 10 s, so that the screen opened with its start call (pages/chat/startReads.ts) does
 * not read them again as it mounts; a live change to a room still makes them stale at once.
 */
export const contactRoomsQuery = queryOptions({
  queryKey: chatKeys.contactRooms(),
  queryFn: ({ signal }) => chatApi.contactRooms(signal),
  staleTime: 10_000,
});
export const offerRoomsQuery = queryOptions({
  queryKey: chatKeys.offerRooms(),
  queryFn: ({ signal }) => chatApi.offerRooms(signal),
  staleTime: 10_000,
});
export const useContactRooms = () => useQuery(contactRoomsQuery);
export const useOfferRooms = () => useQuery(offerRoomsQuery);
export const useRoom = (id: string | null) =>
  useQuery({
    queryKey: chatKeys.room(id ?? ''),
    queryFn: ({ signal }) => chatApi.room(id!, signal),
    enabled: Boolean(id),
    retry: false,
  });
export const useParticipants = (id: string | null, enabled: boolean) =>
  useQuery({
    queryKey: chatKeys.participants(id ?? ''),
    queryFn: ({ signal }) => chatApi.participants(id!, signal),
    enabled: Boolean(id) && enabled,
  });
export const useApprovedUsers = (enabled: boolean) =>
  useQuery({ queryKey: chatKeys.approved(), queryFn: ({ signal }) => chatApi.approved(signal), enabled });

/** A room's messages: page 0 (the newest) first, older pages on demand; live messages are appended to page 0. */
export function useMessages(roomId: string | null) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(roomId ?? ''),
    queryFn: ({ pageParam, signal }) => chatApi.messages(roomId!, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.last ? undefined : last.page + 1),
    enabled: Boolean(roomId),
    staleTime: Infinity,
  });
}
