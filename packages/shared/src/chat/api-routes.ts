import type { Access } from '../roles.js';

/**
 * Messaging calls (the Chat part of the spec's API). Every signed-in user may call them; which rooms and messages one
 * sees is decided row by row in the chat service (a room you are not in answers 404).
 */
export const CHAT_API_ROUTES = {
  /** The messaging screen's start call: each part refused as its own call would be. */
  'GET /chats/start': 'AUTHENTICATED',
  'GET /chats/getAllRomes': 'AUTHENTICATED',
  'GET /chats/getAllRoomesOffer': 'AUTHENTICATED',
  'POST /chats/addRomes': 'AUTHENTICATED',
  'POST /chats/addRoomOffer/:offerId': 'AUTHENTICATED',
  'GET /chats/getRoomById/:roomId': 'AUTHENTICATED',
  'GET /chats/profileByRooms/:roomId': 'AUTHENTICATED',
  'GET /chats/getAllMessageByRome/:roomId': 'AUTHENTICATED',
  'POST /chats/addInviteUser': 'AUTHENTICATED',
  'POST /chats/removeUser': 'AUTHENTICATED',
  'POST /chats/leaveRoom/:roomId': 'AUTHENTICATED',
  'POST /chats/markRead/:roomId': 'AUTHENTICATED',
  'GET /chats/searchMessages': 'AUTHENTICATED',
  'GET /chats/searchMessages/:roomId': 'AUTHENTICATED',
  'PUT /chats/message/:messageId': 'AUTHENTICATED',
  'DELETE /chats/message/:messageId': 'AUTHENTICATED',
  'GET /chats/message/translate': 'AUTHENTICATED',
  'GET /profile/approved': 'AUTHENTICATED',
} as const satisfies Record<string, Access>;
