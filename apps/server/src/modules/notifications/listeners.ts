import { eq } from 'drizzle-orm';
import { STAFF_ROLES } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { chatRooms, contactMessages, countries, users } from '../../db/schema/index.js';
import { nameColumns } from '../../db/columns.js';
import { participantsExcept } from '../chat/rooms.js';
import { markRoomNotificationsRead } from './mark-read.js';
import { activeUserIds, notify } from './write.js';
import type { NotificationLanguage } from './texts.js';

async function countryNames(ctx: AppContext, id: number): Promise<(lang: NotificationLanguage) => string> {
  const [c] = await ctx.db.select().from(countries).where(eq(countries.id, id)).limit(1);
  return (lang) => (!c ? '' : lang === 'fr' ? c.nameFr : lang === 'ar' ? c.nameAr : c.name);
}

async function userName(ctx: AppContext, id: string): Promise<string> {
  const [u] = await ctx.db.select(nameColumns(users)).from(users).where(eq(users.id, id)).limit(1);
  return u ? `${u.firstName} ${u.lastName}` : '';
}

/**
 * Who hears of what: the secretariat of a submission; the offer's country of it being sent back,
 * validated, finalized or answered by a counter offer; people of being put in a room; participants of new
 * messages in a room they are not viewing (batched per room) and of being mentioned; and, when a room is read, those
 * notifications of its messages are read too.
 */
export function registerNotificationListeners(ctx: AppContext): void {
  const link = (offerId: string) => `/edit-offer/${offerId}`;

  // A room read marks what told the reader of its messages read: the bell stops counting what the room showed.
  ctx.events.on('chat.roomRead', ({ roomId, userId }) => markRoomNotificationsRead(ctx, userId, roomId));

  ctx.events.on('offer.submitted', async (e) => {
    const country = await countryNames(ctx, e.countryId);
    await notify(ctx, {
      recipientIds: await activeUserIds(ctx, { roles: STAFF_ROLES, except: e.actorId }),
      kind: 'offer.submitted',
      params: (lang) => ({ country: country(lang), offerName: e.offerName, version: e.versionNumber }),
      link: link(e.offerId),
      data: { offerId: e.offerId },
    });
  });
  ctx.events.on('offer.returned', async (e) => {
    await notify(ctx, {
      recipientIds: await activeUserIds(ctx, { countryId: e.countryId, except: e.actorId }),
      kind: 'offer.returned',
      params: () => ({ offerName: e.offerName, comment: e.comment }),
      link: link(e.offerId),
      data: { offerId: e.offerId },
    });
  });
  for (const kind of ['offer.validated', 'offer.finalized'] as const) {
    ctx.events.on(kind, async (e) => {
      await notify(ctx, {
        recipientIds: await activeUserIds(ctx, { countryId: e.countryId, except: e.actorId }),
        kind,
        params: () => ({ offerName: e.offerName }),
        link: link(e.offerId),
        data: { offerId: e.offerId },
      });
    });
  }
  ctx.events.on('offer.responded', async (e) => {
    const responder = await countryNames(ctx, e.respondingCountryId);
    await notify(ctx, {
      recipientIds: await activeUserIds(ctx, { countryId: e.countryId, except: e.actorId }),
      kind: 'offer.responded',
      params: (lang) => ({ country: responder(lang), offerName: e.offerName }),
      link: `/view-response-offer/${e.responseId}`,
      data: { offerId: e.offerId, responseId: e.responseId },
    });
  });
  // Decisions on a counter offer's entries: one notification per answer session for the proposing country, counted up
  // while unread (batched by counter offer), not one per entry.
  ctx.events.on('response.decided', async (e) => {
    const answering = await countryNames(ctx, e.countryId);
    await notify(ctx, {
      recipientIds: await activeUserIds(ctx, { countryId: e.respondingCountryId, except: e.actorId }),
      kind: 'response.decided',
      params: (lang) => ({ country: answering(lang), offerName: e.offerName }),
      link: `/view-response-offer/${e.responseId}`,
      data: { offerId: e.offerId, responseId: e.responseId },
      batchKey: `response.decided:${e.responseId}`,
    });
  });
  ctx.events.on('response.drafted', async (e) => {
    const [author, offerCountry] = [await userName(ctx, e.actorId), await countryNames(ctx, e.countryId)];
    await notify(ctx, {
      recipientIds: await activeUserIds(ctx, {
        countryId: e.respondingCountryId,
        roles: ['CHIEF_NEGOTIATOR'],
        except: e.actorId,
      }),
      kind: 'response.drafted',
      params: (lang) => ({ actor: author, country: offerCountry(lang), offerName: e.offerName }),
      link: `/view-response-offer/${e.responseId}`,
      data: { offerId: e.offerId, responseId: e.responseId },
    });
  });

  // Requests: the requested country and the secretariat hear of a request sent; the requesting country of
  // its answer; the requested country of a withdrawal. A request sent and its answer are mailed as well: they wait
  // for someone who may not have the portal open.
  /** Where a notification about a request leads, and the ids it carries. */
  const aboutRequest = ({ offerId, requestId }: { offerId: string; requestId: string }) => ({
    link: `/request-offer/${offerId}/${requestId}`,
    data: { offerId, requestId },
  });
  ctx.events.on('request.sent', async (e) => {
    const [from, to] = [await countryNames(ctx, e.requestingCountryId), await countryNames(ctx, e.requestedCountryId)];
    await notify(ctx, {
      recipientIds: [
        ...(await activeUserIds(ctx, { countryId: e.requestedCountryId, except: e.actorId })),
        ...(await activeUserIds(ctx, { roles: STAFF_ROLES, except: e.actorId })),
      ],
      kind: 'request.sent',
      params: (lang) => ({ country: from(lang), requested: to(lang), offerName: e.offerName, count: e.sectorCount }),
      ...aboutRequest(e),
      mail: true,
    });
  });
  ctx.events.on('request.answered', async (e) => {
    const by = await countryNames(ctx, e.requestedCountryId);
    await notify(ctx, {
      recipientIds: await activeUserIds(ctx, { countryId: e.requestingCountryId, except: e.actorId }),
      kind: 'request.answered',
      params: (lang) => ({ country: by(lang), offerName: e.offerName }),
      ...aboutRequest(e),
      mail: true,
    });
  });
  ctx.events.on('request.withdrawn', async (e) => {
    const by = await countryNames(ctx, e.requestingCountryId);
    await notify(ctx, {
      recipientIds: await activeUserIds(ctx, { countryId: e.requestedCountryId, except: e.actorId }),
      kind: 'request.withdrawn',
      params: (lang) => ({ country: by(lang), offerName: e.offerName }),
      ...aboutRequest(e),
    });
  });

  // The contact-us mailbox: staff hear of every message a visitor sends.
  ctx.events.on('contact.received', async (e) => {
    const [m] = await ctx.db.select().from(contactMessages).where(eq(contactMessages.id, e.messageId)).limit(1);
    if (!m) return;
    await notify(ctx, {
      recipientIds: await activeUserIds(ctx, { roles: STAFF_ROLES }),
      kind: 'contact.received',
      params: () => ({ actor: `${m.firstName} ${m.lastName}`, title: m.subject }),
      link: '/backoffice/contactus',
      data: { contactMessageId: m.id },
    });
  });

  ctx.events.on('chat.membersAdded', async (e) => {
    const [room] = await ctx.db.select().from(chatRooms).where(eq(chatRooms.id, e.roomId)).limit(1);
    if (!room) return;
    const actor = await userName(ctx, e.actorId);
    await notify(ctx, {
      recipientIds: e.userIds.filter((id) => id !== e.actorId),
      kind: e.invited ? 'chat.invited' : 'chat.added',
      params: () => ({ actor, title: room.title }),
      link: `/chat/${room.id}/0`,
      data: { roomId: room.id },
    });
  });

  // Messages are flushed per room at most every MESSAGE_BATCH_MS: one pass (and one notification update per
  // recipient) covers every message sent meanwhile, so a busy room does not cost a query burst per message.
  const pending = new Map<string, SentMessage[]>();
  ctx.events.on('chat.messageSent', (e) => {
    let batch = pending.get(e.roomId);
    if (!batch) {
      pending.set(e.roomId, (batch = []));
      setTimeout(() => {
        pending.delete(e.roomId);
        flushRoom(ctx, e.roomId, batch!).catch((err) =>
          ctx.log.error({ err, roomId: e.roomId }, 'message notifications failed'),
        );
      }, MESSAGE_BATCH_MS).unref();
    }
    batch.push({ senderId: e.senderId, conversation: e.conversation });
  });
}

/** How long messages in a room are gathered before their notifications are written. */
const MESSAGE_BATCH_MS = 300;

/** A message of a room's batch: who sent it and its text as sent (mentions are looked for in it). */
type SentMessage = { senderId: string; conversation: string };

/**
 * Writes the notifications of a room's batch of messages for its participants away (not viewing it): a mention
 * notification per message that names them, else one "new messages" notification counting those they did not send.
 * Three statements for the batch: the room with its participants, their open notifications, the writes.
 */
async function flushRoom(ctx: AppContext, roomId: string, batch: SentMessage[]): Promise<void> {
  const viewing = await ctx.realtime.broker.viewers(roomId);
  const audience = await participantsExcept(ctx, roomId, [...viewing]);
  if (!audience?.people.length) return;
  const common = { link: `/chat/${roomId}/0`, data: { roomId } };
  const counts = new Map<number, string[]>();
  for (const person of audience.people) {
    const theirs = batch.filter((m) => m.senderId !== person.id);
    const mentions = theirs.filter(
      (m) =>
        m.conversation.includes(`@${person.firstName} ${person.lastName}`) ||
        m.conversation.includes(`@${person.firstName}`),
    );
    for (const m of mentions) {
      const sender = await userName(ctx, m.senderId);
      await notify(ctx, {
        ...common,
        recipientIds: [person.id],
        kind: 'chat.mention',
        params: () => ({ actor: sender, title: audience.room.title }),
      });
    }
    const plain = theirs.length - mentions.length;
    if (plain > 0) counts.set(plain, [...(counts.get(plain) ?? []), person.id]);
  }
  for (const [increment, recipientIds] of counts) {
    await notify(ctx, {
      ...common,
      recipientIds,
      kind: 'chat.message',
      params: () => ({ title: audience.room.title }),
      batchKey: `room:${roomId}`,
      increment,
    });
  }
}
