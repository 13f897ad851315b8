/** The live destination of notifications; a message carries user-id or country_code and reaches only them (a module of
 * its own: the first page needs it without zod). */
export const NOTIFICATION_TOPIC = '/topic/queue';
