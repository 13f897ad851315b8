import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATION_TOPIC,
  isStaff,
  markReadSchema,
  myNotificationsSchema,
  notificationPageSchema,
  notificationSchema,
  unreadCountSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { routeDocs } from '../../lib/route-doc.js';
import { idParamsSchema } from '../../lib/route-params.js';
import { actorOf } from '../../auth/authorize.js';
import { address } from '../../realtime/broker.js';
import { acceptsRoomAnnouncement } from '../chat/unread.js';
import { forgetPopoversOnChanges } from './kept-pages.js';
import { registerNotificationListeners } from './listeners.js';
import { getNotification, listNotifications, myNotifications } from './read.js';
import { markRead } from './mark-read.js';
import { sendAnswer, sendEncoded } from '../../lib/kept-answer.js';

/** Notifications (the spec's API), their live topic and event listeners. */
export async function notificationsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerNotificationListeners(ctx);
  forgetPopoversOnChanges(ctx);
  // Everyone may subscribe to /topic/queue; each message reaches only its user (user-id), country (country_code) or,
  // with `audience: staff`, the secretariat.
  ctx.realtime.register({
    pattern: NOTIFICATION_TOPIC,
    canSubscribe: () => true,
    accepts: (session, message) =>
      message.headers['user-id'] === session.user.id ||
      (!!message.headers.country_code && message.headers.country_code === session.user.countryCode) ||
      (message.headers.audience === 'staff' && isStaff(session.user.role)) ||
      acceptsRoomAnnouncement(session, message),
    // A notification for one user, or a room announcement for its members, is not offered to everyone connected.
    addresses: (session) => [
      address.user(session.user.id),
      ...(session.user.countryId !== null ? [address.country(session.user.countryId)] : []),
      ...(isStaff(session.user.role) ? [address.staff] : []),
    ],
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const doc = routeDocs(['notifications']);
  r.get(
    '/notifications',
    doc("One's notifications, newest first", notificationPageSchema, {
      querystring: z.object({
        page: z.coerce.number().int().min(0).max(100_000).default(0),
        size: z.coerce.number().int().min(1).max(100).default(20),
      }),
    }),
    async (req) => ({
      payload: await listNotifications(ctx, { actor: actorOf(req), page: req.query.page, size: req.query.size }),
    }),
  );
  r.get(
    '/notifications/my',
    { onSend: sendEncoded, ...doc('The latest 20 and the unread count', myNotificationsSchema) },
    async (req, reply) => sendAnswer(req, reply, await myNotifications(ctx, { actor: actorOf(req) })),
  );
  r.get('/notifications/:id', doc('One notification', notificationSchema, { params: idParamsSchema }), async (req) => ({
    payload: await getNotification(ctx, { actor: actorOf(req), id: req.params.id }),
  }));
  r.post(
    '/notifications/all',
    doc('Mark notifications read (all without ids)', unreadCountSchema, { body: markReadSchema }),
    async (req) => ({ payload: await markRead(ctx, { actor: actorOf(req), ids: req.body.ids }) }),
  );
}
