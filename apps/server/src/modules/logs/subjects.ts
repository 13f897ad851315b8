import { eq, inArray } from 'drizzle-orm';
import { isUuid, type AuditOffer, type AuditRoom } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { chatRooms, countries, offers } from '../../db/schema/index.js';

/** What a row's value names: the offer (`offerId`) and the chat room (`roomId`), when they look like ids. */
function idsOf(value: unknown): { offerId: string | null; roomId: string | null } {
  if (typeof value !== 'object' || value === null) return { offerId: null, roomId: null };
  const { offerId, roomId } = value as Record<string, unknown>;
  // An id that is not a uuid would make the uuid column refuse the whole select; such a row names nothing.
  const id = (v: unknown) => (typeof v === 'string' && isUuid(v) ? v.toLowerCase() : null);
  return { offerId: id(offerId), roomId: id(roomId) };
}

/** What `nameAuditSubjects` adds to each row. */
export interface AuditSubjects {
  offer: AuditOffer | null;
  room: AuditRoom | null;
}

/**
 * Names the offer and the chat room each row's value points at, as they are now (a row keeps the ids only). One select
 * of the page's offers (with their countries) and one of its rooms, each only when some row names one: two queries at
 * most, whatever the page size. An id no row matches (a deleted room, an offer never stored) comes back with a null
 * name, so that the screen can say so.
 */
export async function nameAuditSubjects<T extends { value: unknown }>(
  db: Db,
  rows: T[],
): Promise<(T & AuditSubjects)[]> {
  const named = rows.map((row) => ({ row, ...idsOf(row.value) }));
  const offerIds = [...new Set(named.flatMap((i) => (i.offerId ? [i.offerId] : [])))];
  const roomIds = [...new Set(named.flatMap((i) => (i.roomId ? [i.roomId] : [])))];
  const [offerRows, roomRows] = await Promise.all([
    offerIds.length
      ? db
          .select({ id: offers.id, name: offers.name, countryCode: countries.code, countryName: countries.name })
          .from(offers)
          .innerJoin(countries, eq(countries.id, offers.countryId))
          .where(inArray(offers.id, offerIds))
      : [],
    roomIds.length
      ? db.select({ id: chatRooms.id, title: chatRooms.title }).from(chatRooms).where(inArray(chatRooms.id, roomIds))
      : [],
  ]);
  const offerById = new Map(offerRows.map((o) => [o.id, o]));
  const roomById = new Map(roomRows.map((r) => [r.id, r]));
  return named.map(({ row, offerId, roomId }) => {
    const offer = offerId ? offerById.get(offerId) : undefined;
    const room = roomId ? roomById.get(roomId) : undefined;
    return {
      ...row,
      offer: offerId
        ? {
            id: offerId,
            name: offer?.name ?? null,
            countryCode: offer?.countryCode ?? null,
            countryName: offer?.countryName ?? null,
          }
        : null,
      room: roomId ? { id: roomId, title: room?.title ?? null } : null,
    };
  });
}
