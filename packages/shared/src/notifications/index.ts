import { z } from 'zod';

export { NOTIFICATIONS_API_ROUTES } from './api-routes.js';

/** The spec's Notification (id, subject, text, createdAtNotification) and what the popover needs besides. */
export const notificationSchema = z.object({
  id: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAtNotification: z.string(),
  read: z.boolean(),
  kind: z.string(),
  /** Where the notification leads in the web app, e.g. /chat/{roomId}/0. */
  link: z.string().nullable(),
  /** How many events a batched notification stands for (messages in one room). */
  count: z.number().int(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /notifications/my: the popover's latest 20 and the unread count. */
export const myNotificationsSchema = z.object({ notifications: z.array(notificationSchema), unread: z.number().int() });
export type MyNotifications = z.infer<typeof myNotificationsSchema>;

/** GET /notifications: one page, newest first. */
export const notificationPageSchema = z.object({
  content: z.array(notificationSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** POST /notifications/all: the ids to mark read; without ids, all of one's notifications. */
export const markReadSchema = z.object({ ids: z.array(z.string().uuid()).max(500).optional() });
/** The answer of POST /notifications/all: how many of the user's notifications are still unread. */
export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const countryActiveSchema = z.object({ active: z.boolean() });

export { NOTIFICATION_TOPIC } from './topic.js';

/** Bodies of live messages on /topic/queue. */
export type QueueMessage =
  | {
      type: 'NOTIFICATION';
      notification: Notification;
      unread: number;
      /** The offer the notification is about (returned, validated, finalized…): the client reads it and its lists again. */
      offerId?: string;
    }
  | { type: 'UNREAD'; unread: number }
  | { type: 'COUNTRY_DEACTIVATED'; country_code: string }
  /** A room one takes part in (or took part in) changed: created, joined, left, a new message. Lists are read again. */
  | { type: 'CHAT_ROOM'; roomId: string }
  /** A decision was recorded on an entry of a counter offer: its entries, the dashboard and the draft are read again. */
  | { type: 'COUNTER_OFFER_DECIDED'; responseId: string; offerId: string }
  /**
   * The user took the offer's edit lease over in one of their sessions: each of their editors of that offer asks for
   * the lease again, and the one that lost it turns read-only.
   */
  | { type: 'OFFER_LEASE_MOVED'; offerId: string };
