import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { chatMessages, chatRooms, countries, users } from '../../db/schema/index.js';
import { roomAudience } from '../chat/service.js';
import { activeUserIds, notify } from './service.js';
import type { NotificationLanguage } from './texts.js';

const STAFF = ['AFRICAN_UNION', 'ADMIN'];

async function countryNames(ctx: AppContext, id: number): Promise<(lang: NotificationLanguage) => string> {
  const [c] = await ctx.db.select().from(countries).where(eq(countries.id, id)).limit(1);
  return (lang) => (!c ? '' : lang === 'fr' ? c.nameFr : lang === 'ar' ? c.nameAr : c.name);
}

async function userName(ctx: AppContext, id: string): Promise<string> {
  const [u] = await ctx.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, id)).limit(1);
  return u ? `${u.firstName} ${u.lastName}` : '';
}

/**
 * Who hears of what (issue 5): the secretariat of a submission; the offer's country of it being sent back,
 * validated, finalized or answered by a counter offer; people of being put in a room; participants of new
 * messages in a room they are not viewing (batched per room) and of being mentioned.
 */
export function registerNotificationListeners(ctx: AppContext): void {
  const link = (offerId: string) => `/edit-offer/${offerId}`;

  ctx.events.on('offer.submitted', async (e) => {
    const country = await countryNames(ctx, e.countryId);
    await notify(ctx, {
      recipientIds: await activeUserIds(ctx, { roles: STAFF, except: e.actorId }),
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

  ctx.events.on('chat.messageSent', async (e) => {
    const audience = await roomAudience(ctx, e.roomId);
    if (!audience) return;
    const viewing = await ctx.realtime.broker.viewers(e.roomId);
    const away = audience.userIds.filter((id) => id !== e.senderId && !viewing.has(id));
    if (!away.length) return;
    const [message] = await ctx.db.select({ conversation: chatMessages.conversation }).from(chatMessages).where(eq(chatMessages.id, e.messageId)).limit(1);
    const people = await ctx.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, away));
    const text = message?.conversation ?? '';
    const mentioned = people.filter((p) => text.includes(`@${p.firstName} ${p.lastName}`) || text.includes(`@${p.firstName}`)).map((p) => p.id);
    const sender = await userName(ctx, e.senderId);
    const common = { link: `/chat/${e.roomId}/0`, data: { roomId: e.roomId } };
    if (mentioned.length) await notify(ctx, { ...common, recipientIds: mentioned, kind: 'chat.mention', params: () => ({ actor: sender, title: audience.room.title }) });
    await notify(ctx, {
      ...common,
      recipientIds: away.filter((id) => !mentioned.includes(id)),
      kind: 'chat.message',
      params: () => ({ title: audience.room.title }),
      batchKey: `room:${e.roomId}`,
    });
  });
}
