import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatStartSchema,
  CHAT_MESSAGES,
  CHAT_PAGE_SIZE,
  CHAT_SEARCH_MAX,
  chatMessageSchema,
  chatSearchHitSchema,
  editMessageSchema,
  chatRoomSchema,
  chatUserSchema,
  markRoomReadSchema,
  messagePageSchema,
  roomReadSchema,
  newRoomSchema,
  offerRoomsSchema,
  translateMessageQuerySchema,
  translationSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { routeDocs } from '../../lib/route-doc.js';
import { startCall } from '../../lib/answers-of.js';
import { actorOf, callerOf } from '../../auth/authorize.js';
import { createTranslator } from '../../providers/translate/index.js';
import { registerChatLive } from './live.js';
import { forgetRoomReadsOnChanges } from './audience.js';
import { markRoomRead } from './unread.js';
import { deleteMessage, editMessage } from './message-actions.js';
import { TranslationUnavailableError, translateMessage } from './translate.js';
import { listMessages, searchAllMessages, searchMessages } from './messages.js';
import { inviteUser, leaveRoom, removeUser } from './membership.js';
import {
  createContactRoom,
  getRoom,
  listApprovedUsers,
  listContactRooms,
  listOfferRooms,
  listParticipants,
  openOfferRoom,
} from './rooms.js';

const roomParams = z.object({ roomId: z.string().max(64) });
/** The room and the user a change of a room's participants names, in the query as the spec's calls send them. */
const memberQuery = z.object({ userId: z.string().max(64), roomId: z.string().max(64) });

/** What adding or removing a participant takes from the call: who acts, the room and user named, the meta. */
function memberChange(req: FastifyRequest & { query: z.infer<typeof memberQuery> }) {
  return { ...callerOf(req), roomId: req.query.roomId, userId: req.query.userId };
}

/** Messaging (the Chat part of the spec's API) and its live destinations. */
export async function chatRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerChatLive(ctx);
  forgetRoomReadsOnChanges(ctx);
  const translator = createTranslator({ translateUrl: ctx.config.translateUrl, log: ctx.log });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const doc = routeDocs(['chat']);

  startCall(
    app,
    '/chats/start',
    doc(
      'What the messaging screen needs at start, in one answer (the user, the rooms, the offers to discuss)',
      chatStartSchema,
      {
        description:
          'Each part is the answer of its own call, status and body: GET /profile/current, GET /chats/getAllRomes, ' +
          'GET /chats/getAllRoomesOffer, GET /offers and GET /offers/done. A part refused does not refuse the others.',
      },
    ),
    () => ({
      profile: '/profile/current',
      contactRooms: '/chats/getAllRomes',
      offerRooms: '/chats/getAllRoomesOffer',
      offers: '/offers',
      doneOffers: '/offers/done',
    }),
  );
  r.get('/chats/getAllRomes', doc('Contact rooms one is in', z.array(chatRoomSchema)), async (req) => ({
    payload: await listContactRooms(ctx, { actor: actorOf(req) }),
  }));
  r.get(
    '/chats/getAllRoomesOffer',
    doc('Negotiation rooms: received, sender, invitation', offerRoomsSchema),
    async (req) => ({ payload: await listOfferRooms(ctx, { actor: actorOf(req) }) }),
  );
  r.post('/chats/addRomes', doc('Create a contact room', chatRoomSchema, { body: newRoomSchema }), async (req) => ({
    payload: await createContactRoom(ctx, { ...callerOf(req), room: req.body }),
    message: CHAT_MESSAGES.roomCreated,
  }));
  r.post(
    '/chats/addRoomOffer/:offerId',
    doc("Create or open an offer's negotiation room", chatRoomSchema, {
      params: z.object({ offerId: z.string().max(64) }),
    }),
    async (req) => ({
      payload: await openOfferRoom(ctx, { ...callerOf(req), offerId: req.params.offerId }),
    }),
  );
  r.get('/chats/getRoomById/:roomId', doc('One room', chatRoomSchema, { params: roomParams }), async (req) => ({
    payload: await getRoom(ctx, { actor: actorOf(req), roomId: req.params.roomId }),
  }));
  r.get(
    '/chats/profileByRooms/:roomId',
    doc("A room's participants", z.array(chatUserSchema), { params: roomParams }),
    async (req) => ({ payload: await listParticipants(ctx, { actor: actorOf(req), roomId: req.params.roomId }) }),
  );
  r.get(
    '/chats/getAllMessageByRome/:roomId',
    doc("A room's messages, a page at a time (page 0 is the newest; oldest first within a page)", messagePageSchema, {
      params: roomParams,
      querystring: z.object({
        page: z.coerce.number().int().min(0).max(100_000).default(0),
        size: z.coerce.number().int().min(1).max(200).default(CHAT_PAGE_SIZE),
      }),
    }),
    async (req) => ({
      payload: await listMessages(ctx, {
        actor: actorOf(req),
        roomId: req.params.roomId,
        page: req.query.page,
        size: req.query.size,
      }),
    }),
  );
  r.post(
    '/chats/addInviteUser',
    doc('Add an approved user to a room', chatRoomSchema, { querystring: memberQuery }),
    async (req) => ({
      payload: await inviteUser(ctx, memberChange(req)),
      message: CHAT_MESSAGES.userAdded,
    }),
  );
  r.post(
    '/chats/removeUser',
    doc(
      "Remove a participant added to a room: by the room's creator, or the secretariat in a negotiation room (403 ROOM_REMOVE_FORBIDDEN otherwise)",
      chatRoomSchema,
      { querystring: memberQuery },
    ),
    async (req) => ({
      payload: await removeUser(ctx, memberChange(req)),
      message: CHAT_MESSAGES.userRemoved,
    }),
  );
  r.post(
    '/chats/leaveRoom/:roomId',
    doc(
      "Leave a room one was added to (a negotiation's two countries take part by their country: 422 ROOM_CANNOT_LEAVE)",
      z.null(),
      { params: roomParams },
    ),
    async (req) => {
      await leaveRoom(ctx, { ...callerOf(req), roomId: req.params.roomId });
      return { payload: null, message: CHAT_MESSAGES.roomLeft };
    },
  );
  const searchQuery = z.object({ q: z.string().trim().min(1).max(CHAT_SEARCH_MAX) });
  r.get(
    '/chats/searchMessages',
    doc(
      'Search the messages of every room one may read (text or file name, accents and case ignored), newest first, at most CHAT_SEARCH_LIMIT, each with its roomId and roomTitle',
      z.array(chatSearchHitSchema),
      { querystring: searchQuery },
    ),
    async (req) => ({ payload: await searchAllMessages(ctx, { actor: actorOf(req), q: req.query.q }) }),
  );
  r.get(
    '/chats/searchMessages/:roomId',
    doc(
      "Search a room's messages (text or file name, accents and case ignored), newest first, at most CHAT_SEARCH_LIMIT",
      z.array(chatMessageSchema),
      { params: roomParams, querystring: searchQuery },
    ),
    async (req) => ({
      payload: await searchMessages(ctx, { actor: actorOf(req), roomId: req.params.roomId, q: req.query.q }),
    }),
  );
  const messageParams = z.object({ messageId: z.string().max(64) });
  r.put(
    '/chats/message/:messageId',
    doc(
      "Edit one's own message (shown edited; the text before is kept in the audit trail). 403 CHAT_MESSAGE_NOT_YOURS otherwise",
      chatMessageSchema,
      { params: messageParams, body: editMessageSchema },
    ),
    async (req) => ({
      payload: await editMessage(ctx, {
        ...callerOf(req),
        messageId: req.params.messageId,
        conversation: req.body.conversation,
      }),
    }),
  );
  r.delete(
    '/chats/message/:messageId',
    doc(
      "Delete one's own message (shown deleted; text and file kept in the audit trail). 403 CHAT_MESSAGE_NOT_YOURS otherwise",
      chatMessageSchema,
      { params: messageParams },
    ),
    async (req) => ({
      payload: await deleteMessage(ctx, { ...callerOf(req), messageId: req.params.messageId }),
    }),
  );
  r.post(
    '/chats/markRead/:roomId',
    doc(
      "Mark a room read up to a message (its newest by default); the mark never moves back. Answers the room's unread count",
      roomReadSchema,
      { params: roomParams, body: markRoomReadSchema.optional() },
    ),
    async (req) => ({
      payload: await markRoomRead(ctx, {
        actor: actorOf(req),
        roomId: req.params.roomId,
        messageId: req.body?.messageId,
      }),
    }),
  );
  r.get(
    '/chats/message/translate',
    doc(
      'Translate a message: whole by LibreTranslate (TRANSLATE_URL); without it only a fixed term of the schedule (422 TRANSLATION_NOT_CONFIGURED otherwise)',
      translationSchema,
      { querystring: translateMessageQuerySchema },
    ),
    async (req, reply) => {
      try {
        return {
          payload: await translateMessage(translator, { message: req.query.message, language: req.query.lang }),
        };
      } catch (err) {
        if (err instanceof TranslationUnavailableError) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
    },
  );
  r.get(
    '/profile/approved',
    doc('Approved users one can talk to', z.array(chatUserSchema), {
      querystring: z.object({ search: z.string().max(100).optional() }),
    }),
    async (req) => ({ payload: await listApprovedUsers(ctx, { actor: actorOf(req), search: req.query.search }) }),
  );
}
