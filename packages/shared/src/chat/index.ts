import { z } from 'zod';
import { isStaff, type Role } from '../roles.js';
import { partAnswerSchema, profileSchema, roleSchema } from '../schemas.js';
import { MODES_OF_SUPPLY } from '../offers/constants.js';
import { ENTRY_BLOCKS, ENTRY_PARTS } from '../offers/entries.js';
import { offerListItemSchema } from '../offers/schema.js';

export { CHAT_API_ROUTES } from './api-routes.js';

/** How much of a replied-to message is quoted, in characters. */
export const CHAT_QUOTE_MAX = 200;
/** Longest message text accepted, in characters. */
export const CHAT_MESSAGE_MAX = 4000;
export const CHAT_TITLE_MAX = 200;
/** Messages per page of GET /chats/getAllMessageByRome. */
export const CHAT_PAGE_SIZE = 50;
/** Most messages GET /chats/searchMessages/{roomId} (and GET /chats/searchMessages, across rooms) answers. */
export const CHAT_SEARCH_LIMIT = 50;
/** Longest search term, in characters. */
export const CHAT_SEARCH_MAX = 100;
/** The spec's width of the contacts drawer and of a video preview (its business constants). */
export const CONTACTS_DRAWER_WIDTH = 400;
export const VIDEO_PREVIEW_WIDTH = 1000;

export const ROOM_TYPES = ['CONTACT', 'OFFER'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

/** The spec's Chat user, with what the user-info modal shows (firstName, lastName, email, phoneNumber, country). */
export const chatUserSchema = z.object({
  id: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  role: roleSchema,
  /**
   * Display name of the role (the spec's roles): region name in upper case for the secretariat, 'Services Focal Point'…
   */
  userRole: z.string(),
  /** Null for the secretariat and admins, who are shown with the regional logo and no country. */
  countryCode: z.string().nullable(),
  countryName: z.string().nullable(),
  regionName: z.string().nullable(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

/** The spec's Chat room. */
export const chatRoomSchema = z.object({
  id: z.string(),
  title: z.string(),
  romeType: z.enum(ROOM_TYPES),
  profileDtos: z.array(chatUserSchema),
  /** The offer an OFFER room discusses. */
  offerDoc: z.string().nullable(),
  countryIdSender: z.number().int().nullable(),
  countryIdReceived: z.number().int().nullable(),
  countryNameSender: z.string().nullable(),
  countryNameReceived: z.string().nullable(),
  countryCodeSender: z.string().nullable(),
  countryCodeReceived: z.string().nullable(),
  countryNameCreator: z.string().nullable(),
  regionNameCreator: z.string().nullable(),
  regionCreated: z.boolean(),
  /** The user who opened the room: in a contact room, the one who may remove participants. */
  creatorId: z.string().nullable(),
  /**
   * Participants added to the room (its creator, those invited), who may leave it or be removed; the users of an
   * OFFER room's two countries take part by their country and are not among them.
   */
  memberIds: z.array(z.string()),
  createdAt: z.string(),
  lastMessageAt: z.string(),
  /** Messages of others (not joins and exits) the viewer has not read yet. */
  unread: z.number().int(),
  /** When the newest message the viewer has read was sent; null when they have read nothing in the room. */
  lastReadAt: z.string().nullable(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

/** GET /chats/getAllRoomesOffer: the three sub-lists of the Negotiations tab. */
export const offerRoomsSchema = z.object({
  received: z.array(chatRoomSchema),
  sender: z.array(chatRoomSchema),
  invitation: z.array(chatRoomSchema),
});
export type OfferRooms = z.infer<typeof offerRoomsSchema>;

/**
 * GET /chats/start: what the messaging screen needs at start, in one answer — the user (GET /profile/current), the
 * contact rooms (GET /chats/getAllRomes), the negotiation rooms (GET /chats/getAllRoomesOffer) and the offers one may
 * choose to discuss (GET /offers, GET /offers/done), each part its own call's answer.
 */
export const chatStartSchema = z.object({
  profile: partAnswerSchema(profileSchema),
  contactRooms: partAnswerSchema(z.array(chatRoomSchema)),
  offerRooms: partAnswerSchema(offerRoomsSchema),
  offers: partAnswerSchema(z.array(offerListItemSchema)),
  doneOffers: partAnswerSchema(z.array(offerListItemSchema)),
});
export type ChatStart = z.infer<typeof chatStartSchema>;

export const MESSAGE_KINDS = ['JOIN', 'EXIT', 'NORMAL'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const MESSAGE_TYPES = ['MESSAGE', 'FILE'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** How many sectors a request's anchor names; the others are counted (`sectorCount`). */
export const ANCHOR_SECTORS_NAMED = 5;

/**
 * What a message is anchored to: a request, or an entry of a counter offer. Each reader's screen writes it in their
 * own language (country names from their codes, fixed terms translated whole) with a link to what it names.
 */
export const chatAnchorSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('request'),
    offerId: z.string(),
    requestId: z.string(),
    offerName: z.string(),
    requestingCountryCode: z.string(),
    requestedCountryCode: z.string(),
    /** The sectors asked: their codes and titles as stored (at most 5 named, `sectorCount` counts them all). */
    sectors: z.array(z.object({ code: z.string(), title: z.string() })),
    sectorCount: z.number().int(),
    note: z.string(),
  }),
  z.object({
    kind: z.literal('entry'),
    responseId: z.string(),
    offerId: z.string(),
    entryKey: z.string(),
    /** The country whose offer the counter offer answers, and the country that answers it. */
    offerCountryCode: z.string(),
    responderCountryCode: z.string(),
    /** The W/120 or CPC codes of its sector; [] for horizontal commitments and MFN rows. */
    sectorCodes: z.array(z.string()),
    /** Its sector's services as the schedule names them, or the first cell of its table row. */
    sectorTitle: z.string(),
    part: z.enum(ENTRY_PARTS),
    /** MA, NT, ADDITIONAL, GENERAL (a sector or a row's first column), or the MFN column. */
    block: z.enum(ENTRY_BLOCKS),
    mode: z.enum(MODES_OF_SUPPLY).nullable(),
    /** The texts: the answered version's and the counter offer's ('' when there is none). */
    original: z.string(),
    proposed: z.string(),
  }),
]);
export type ChatAnchor = z.infer<typeof chatAnchorSchema>;

/** The address in the portal of what a message is anchored to. */
export function anchorLink(anchor: ChatAnchor): string {
  return anchor.kind === 'request'
    ? `/request-offer/${anchor.offerId}/${anchor.requestId}`
    : `/compare-versions/${anchor.offerId}/${anchor.responseId}?entry=${encodeURIComponent(anchor.entryKey)}`;
}

/** A stored message, as listed and as delivered live on /topic/messages/{roomId}. */
export const chatMessageSchema = z.object({
  id: z.string(),
  /** JOIN, EXIT or NORMAL. */
  type: z.enum(MESSAGE_KINDS),
  messageType: z.enum(MESSAGE_TYPES),
  conversation: z.string(),
  /** File key of an attachment, downloadable at /file/aws/download/{file}. */
  file: z.string().nullable(),
  fileName: z.string().nullable(),
  fileContentType: z.string().nullable(),
  /** The attachment's size in bytes. */
  fileSize: z.number().int().nullable(),
  /** When its sender last edited it (shown "edited"; the text before is in the audit trail). */
  editedAt: z.string().nullable(),
  /** Deleted by its sender: no text nor file any more, shown as deleted (the audit trail keeps them). */
  deleted: z.boolean(),
  /** The message this one replies to, quoted: its sender and the start of its text (none once it is deleted). */
  replyTo: z
    .object({
      id: z.string(),
      sender: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
      excerpt: z.string(),
      deleted: z.boolean(),
    })
    .nullable(),
  /** What the message is anchored to (a request, an entry of a counter offer), null for a message typed. */
  anchor: chatAnchorSchema.nullable(),
  createdAt: z.string(),
  romes: z.object({ id: z.string() }),
  sender: z.object({ userId: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A hit of GET /chats/searchMessages?q= (across the rooms one may read): the message, its room's id and title. */
export const chatSearchHitSchema = chatMessageSchema.extend({ roomId: z.string(), roomTitle: z.string() });
export type ChatSearchHit = z.infer<typeof chatSearchHitSchema>;

export const messagePageSchema = z.object({
  /** Oldest first within the page; page 0 is the newest page. */
  content: z.array(chatMessageSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  /** True on the oldest page. */
  last: z.boolean(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** The spec's New room payload (POST /chats/addRomes). */
export const newRoomSchema = z.object({
  title: z.string().trim().max(CHAT_TITLE_MAX).default(''),
  /** User ids of the participants; the creator is added whether listed or not. */
  profileDtos: z.array(z.string().uuid()).max(100).default([]),
  offerDoc: z.null().optional(),
  countryIdSender: z.null().optional(),
  countryIdReceived: z.null().optional(),
  romeType: z.literal('CONTACT').default('CONTACT'),
});
export type NewRoom = z.infer<typeof newRoomSchema>;

/** What a client SENDs to /app/addMessage; the sender is always the signed-in user, whatever the body says. */
export const liveMessageSchema = z.object({
  sender: z.unknown().optional(),
  romes: z.object({ id: z.string().uuid() }),
  conversation: z.string().max(CHAT_MESSAGE_MAX).default(''),
  file: z.string().max(200).nullable().optional(),
  messageType: z.enum(MESSAGE_TYPES).default('MESSAGE'),
  /** A reply: the message quoted, of the same room. */
  replyTo: z.object({ id: z.string().uuid() }).nullable().optional(),
});
export type LiveMessage = z.infer<typeof liveMessageSchema>;

/** GET /chats/message/translate: the message to translate and the language wanted. */
export const translateMessageQuerySchema = z.object({
  message: z.string().min(1).max(4000),
  lang: z.enum(['en', 'fr', 'ar']),
});
export type TranslateMessageQuery = z.infer<typeof translateMessageQuerySchema>;

export const translationSchema = z.object({
  message: z.string(),
  lang: z.string(),
  /** False when the message comes back as written (it is already in the asked language). */
  translated: z.boolean(),
  /** `vocabulary`: the whole message is a fixed term of the schedule; `libretranslate`: machine; `none`: as written. */
  provider: z.enum(['vocabulary', 'libretranslate', 'none']),
  /** True for a machine translation, to be shown as such. */
  machine: z.boolean(),
  /** True when the message is already in the asked language (returned unchanged). */
  sameLanguage: z.boolean(),
});
export type Translation = z.infer<typeof translationSchema>;

/** The spec's validation messages and answers for messaging (sections 5 and 8). */
export const CHAT_MESSAGES = {
  titleRequired: 'Please enter a conversation title',
  roomCreated: 'Room Created Successfull',
  userAdded: 'User Added Successfully',
  alreadyMember: 'This user is already in the conversation',
  userRemoved: 'User Removed Successfully',
  roomLeft: 'You have left the conversation',
  /** A negotiation room is its two countries' and the secretariat's: no third country is added to it. */
  bilateral:
    'This negotiation belongs to its two countries and the secretariat: a user of another country cannot be added.',
  /** One is in a negotiation room by one's country, not by being added: there is nothing to leave. */
  cannotLeave: 'You take part in this negotiation as a user of your country: you cannot leave it.',
  /** Removing a user: the room's creator may, and the secretariat in a negotiation room. */
  removeForbidden:
    'Only the creator of the conversation (or the secretariat, in a negotiation) can remove a participant.',
  /** The users of the two countries belong to their negotiation: they are not added, so cannot be removed. */
  cannotRemove: 'A user of one of the two negotiating countries takes part by their country and cannot be removed.',
  notMember: 'This user was not added to the conversation.',
  emptyMessage: 'A message needs text or a file',
  /** A negotiation is between the opening country and the offer's country: one's own offer has none to open. */
  ownOfferRoom:
    "A country cannot open a negotiation about its own offer: the other countries' rooms about it are under Received.",
  /** GET /chats/message/translate without TRANSLATE_URL: no half-substituted text is passed off as a translation. */
  translationNotConfigured:
    'No machine translation is configured on this portal: a message can only be translated when it is one of the fixed terms of the schedule.',
  translationUnavailable: 'The machine translation service is not answering. Try again in a moment.',
} as const;

/**
 * What a JOIN or EXIT message says after its user's name (stored in English, as the spec's messages are); the web app
 * tells a removal from a leaving by it to show its own translation.
 */
export const MEMBERSHIP_TEXT = {
  JOIN: 'joined the conversation',
  LEFT: 'left the conversation',
  REMOVED: 'was removed from the conversation',
} as const;

/** What adding a user to a room comes to: already in it, refused, or added. */
export type RoomInvitation = 'IN_ROOM' | 'THIRD_COUNTRY' | 'ADDABLE';

/**
 * Adding a user to a room, by the server's rule and the contacts drawer's: a participant, or a user of one of a
 * negotiation (OFFER) room's two countries, is already in it; a user of a third country is refused (a negotiation stays
 * bilateral); anyone else (users without a country: the secretariat, advisors; anyone in a contact room) is added.
 * `countries` are the room's two countries and `user.country` the user's, compared by whatever key the caller holds
 * (ids on the server, codes in the web app).
 */
export function roomInvitation<C>(
  room: { romeType: RoomType; countries: readonly (C | null)[] },
  user: { country: C | null; isMember: boolean },
): RoomInvitation {
  if (user.isMember) return 'IN_ROOM';
  if (room.romeType !== 'OFFER' || user.country === null) return 'ADDABLE';
  return room.countries.includes(user.country) ? 'IN_ROOM' : 'THIRD_COUNTRY';
}

/** Who may remove participants from a room: its creator, and the secretariat (any staff role) in a negotiation room. */
export function mayRemoveFromRoom(
  user: { id: string; role: Role },
  room: { creatorId: string | null; romeType: RoomType },
): boolean {
  return room.creatorId === user.id || (room.romeType === 'OFFER' && isStaff(user.role));
}

/** PUT /chats/message/{messageId}: the new text of one's own message. */
export const editMessageSchema = z.object({ conversation: z.string().trim().min(1).max(CHAT_MESSAGE_MAX) });

/** POST /chats/markRead/{roomId}: read up to this message (the room's newest when absent); never moves back. */
export const markRoomReadSchema = z.object({ messageId: z.string().uuid().optional() });
export const roomReadSchema = z.object({
  roomId: z.string(),
  unread: z.number().int(),
  lastReadAt: z.string().nullable(),
});
export type RoomRead = z.infer<typeof roomReadSchema>;

/**
 * Whether a message counts towards a room's unread messages for a viewer: a message of someone else, not a join or
 * exit.
 */
export const countsAsUnread = (message: Pick<ChatMessage, 'type' | 'sender'>, viewerId: string) =>
  message.type === 'NORMAL' && message.sender?.userId !== viewerId;

/** The live destinations of a room. */
export const roomTopic = (roomId: string) => `/topic/messages/${roomId}`;
export const SEND_MESSAGE_DESTINATION = '/app/addMessage';
