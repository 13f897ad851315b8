import type { AppContext } from '../../context.js';
import { mailContactReceipt } from './service.js';

/** The mails that follow a contact-us message (staff notifications are the notifications area's listener). */
export function registerContactListeners(ctx: AppContext): void {
  ctx.events.on('contact.received', (e) => mailContactReceipt(ctx, e));
}
