import { CHAT_QUOTE_MAX, isStaff, type ChatMessage, type ChatRoom, type ChatUser } from '@portal/shared';
import type { chatMessages, chatRooms, users } from '../../db/schema/index.js';
import { roleDisplayName } from '../profile/presenter.js';

type UserRow = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'role'>;
type RoomRow = typeof chatRooms.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

export interface CountryRef {
  id: number;
  code: string;
  name: string;
}

/** A room member as the chat shows them; the secretariat and admins have no country (the spec's roles). */
export function presentChatUser(
  user: UserRow,
  country: { code: string; name: string } | null,
  regionName: string | null,
): ChatUser {
  const role = user.role;
  const staff = isStaff(role);
  return {
    id: user.id,
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    role,
    userRole: roleDisplayName(role),
    countryCode: staff ? null : (country?.code ?? null),
    countryName: staff ? null : (country?.name ?? null),
    regionName,
  };
}

export function presentRoom(
  room: RoomRow,
  members: ChatUser[],
  memberIds: string[],
  countriesById: Map<number, CountryRef>,
  creator: { countryName: string | null; regionName: string | null },
  read: { unread: number; lastReadAt: Date | null },
): ChatRoom {
  const sender = room.countryIdSender !== null ? countriesById.get(room.countryIdSender) : undefined;
  const received = room.countryIdReceived !== null ? countriesById.get(room.countryIdReceived) : undefined;
  return {
    id: room.id,
    title: room.title,
    romeType: room.romeType,
    profileDtos: members,
    offerDoc: room.offerId,
    countryIdSender: room.countryIdSender,
    countryIdReceived: room.countryIdReceived,
    countryNameSender: sender?.name ?? null,
    countryNameReceived: received?.name ?? null,
    countryCodeSender: sender?.code ?? null,
    countryCodeReceived: received?.code ?? null,
    countryNameCreator: room.regionCreated ? null : creator.countryName,
    regionNameCreator: creator.regionName,
    regionCreated: room.regionCreated,
    creatorId: room.creatorId,
    memberIds,
    createdAt: room.createdAt.toISOString(),
    lastMessageAt: room.lastMessageAt.toISOString(),
    unread: read.unread,
    lastReadAt: read.lastReadAt?.toISOString() ?? null,
  };
}

/** What a message shows of its attachment. */
export interface AttachedFile {
  fileName: string;
  contentType: string;
  size: number;
}

/** The message a reply quotes, as stored, with its sender. */
export interface QuotedMessage {
  id: string;
  conversation: string;
  deletedAt: Date | null;
  sender: { firstName: string; lastName: string } | null;
}

export function presentMessage(
  message: MessageRow,
  sender: { id: string; firstName: string; lastName: string } | null,
  file: AttachedFile | null,
  quoted: QuotedMessage | null = null,
): ChatMessage {
  return {
    id: message.id,
    type: message.type,
    messageType: message.messageType,
    ...(message.deletedAt
      ? { conversation: '', file: null, fileName: null, fileContentType: null, fileSize: null }
      : {
          conversation: message.conversation,
          file: message.fileKey,
          fileName: file?.fileName ?? null,
          fileContentType: file?.contentType ?? null,
          fileSize: file?.size ?? null,
        }),
    editedAt: message.editedAt?.toISOString() ?? null,
    deleted: message.deletedAt !== null,
    anchor: message.deletedAt ? null : (message.anchor ?? null),
    replyTo: quoted
      ? {
          id: quoted.id,
          sender: quoted.sender,
          excerpt: quoted.deletedAt ? '' : quoted.conversation.slice(0, CHAT_QUOTE_MAX),
          deleted: quoted.deletedAt !== null,
        }
      : null,
    createdAt: message.createdAt.toISOString(),
    romes: { id: message.roomId },
    sender: sender ? { userId: sender.id, firstName: sender.firstName, lastName: sender.lastName } : null,
  };
}
