import { inArray } from 'drizzle-orm';
import { NOTIFICATION_TOPIC, type QueueMessage } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { countries } from '../../db/schema/index.js';
import { address } from '../../realtime/broker.js';

/**
 * Both countries of a counter offer and the secretariat see its decisions as they are recorded: a decision is
 * announced on /topic/queue (by country, and to the secretariat), and open screens read the entries again.
 */
export function registerDecisionAnnouncements(ctx: AppContext): void {
  ctx.events.on('response.decided', async (e) => {
    const message: QueueMessage = { type: 'COUNTER_OFFER_DECIDED', responseId: e.responseId, offerId: e.offerId };
    const codes = await ctx.db
      .select({ id: countries.id, code: countries.code })
      .from(countries)
      .where(inArray(countries.id, [e.countryId, e.respondingCountryId]));
    for (const c of codes)
      await ctx.realtime.publish(NOTIFICATION_TOPIC, message, { country_code: c.code }, [address.country(c.id)]);
    await ctx.realtime.publish(NOTIFICATION_TOPIC, message, { audience: 'staff' }, [address.staff]);
  });
}
