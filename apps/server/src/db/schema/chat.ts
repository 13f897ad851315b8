import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ChatAnchor, MessageKind, MessageType, RoomType } from '@portal/shared';
import { countries } from './reference.js';
import { users } from './identity.js';
import { createdAtColumn, ownerReference, uuidPrimaryKey } from '../columns.js';

/** A conversation: a free CONTACT room, or a negotiation (OFFER) room: one offer, one opening country. */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: uuidPrimaryKey(),
    title: text('title').notNull(),
    /** CONTACT or OFFER (the spec's romeType). */
    romeType: text('rome_type').$type<RoomType>().notNull(),
    /** The offer an OFFER room discusses (the spec's offerDoc); one room per offer and opening country. */
    offerId: text('offer_id'),
    /**
     * The country that opened the negotiation (null: the secretariat's side, those without a country), and the
     * country whose offer it is. Bilateral: a third country opening the offer gets a room of its own.
     */
    countryIdSender: integer('country_id_sender').references(() => countries.id),
    countryIdReceived: integer('country_id_received').references(() => countries.id),
    creatorId: uuid('creator_id').references(() => users.id, { onDelete: 'set null' }),
    /** Created by the regional secretariat or an admin (shown with the regional logo, no country). */
    regionCreated: boolean('region_created').notNull().default(false),
    createdAt: createdAtColumn(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One room per offer and opening country; the secretariat's side (no country) counts as one.
    uniqueIndex('chat_rooms_offer_sender_uq')
      .on(t.offerId, sql`coalesce(${t.countryIdSender}, 0)`)
      .where(sql`${t.offerId} is not null`),
    index('chat_rooms_received_idx').on(t.countryIdReceived),
    index('chat_rooms_sender_idx').on(t.countryIdSender),
  ],
);

/** Who is in a room, explicitly: its creator, the people it was created with, and those invited later. */
export const chatMembers = pgTable(
  'chat_members',
  {
    roomId: ownerReference('room_id', () => chatRooms.id),
    userId: ownerReference('user_id', () => users.id),
    /** CREATOR, MEMBER (created with the room) or INVITED (added later). */
    kind: text('kind').notNull(),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('chat_members_user_idx').on(t.userId)],
);

/** A stored message; live delivery happens only after this row is committed. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuidPrimaryKey(),
    roomId: ownerReference('room_id', () => chatRooms.id),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** JOIN, EXIT or NORMAL (the spec's type). */
    type: text('type').$type<MessageKind>().notNull().default('NORMAL'),
    /** MESSAGE or FILE. */
    messageType: text('message_type').$type<MessageType>().notNull().default('MESSAGE'),
    conversation: text('conversation').notNull().default(''),
    /** Key of an attachment in the file store. */
    fileKey: text('file_key'),
    /**
     * What a message is anchored to (a request, an entry of a counter offer): each reader's screen writes it in their
     * language with a link to it; `conversation` holds the author's wording for clients that do not know anchors.
     */
    anchor: jsonb('anchor').$type<ChatAnchor>(),
    /** The message this one replies to (quoted above it), in the same room. */
    replyToId: uuid('reply_to_id').references((): AnyPgColumn => chatMessages.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    /** Last edited by its sender (the text before is in the audit trail). */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Deleted by its sender: shown as deleted, its text and file kept only in the audit trail. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('chat_messages_room_idx').on(t.roomId, t.createdAt), index('chat_messages_file_idx').on(t.fileKey)],
);

/**
 * How far each user has read each room they take part in (explicit members and the users of an OFFER room's two
 * countries alike): the messages of others after `lastReadAt` are unread. No row: nothing read yet.
 */
export const chatReads = pgTable(
  'chat_reads',
  {
    roomId: ownerReference('room_id', () => chatRooms.id),
    userId: ownerReference('user_id', () => users.id),
    /** The creation time of the newest message read. */
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('chat_reads_user_idx').on(t.userId)],
);
