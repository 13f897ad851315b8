import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BACKOFFICE_MESSAGES,
  CONTACT_MESSAGES,
  contactArchiveBodySchema,
  contactMessageBodySchema,
  contactMessageSchema,
  contactQuerySchema,
  contactReplySchema,
  errorSchema,
  pageOf,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { routeDocs } from '../../lib/route-doc.js';
import { callerOf } from '../../auth/authorize.js';
import { spendCaptcha } from '../../lib/captcha.js';
import { requestLanguage } from '../../lib/request-language.js';
import { requestMeta } from '../../lib/request-meta.js';
import { registerContactListeners } from './listeners.js';
import { listContactMessages, receiveContactMessage, replyToContactMessage, setContactArchived } from './service.js';

const tags = ['contact'];
const doc = routeDocs(tags);

export async function contactRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerContactListeners(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/contact-us',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      bodyLimit: 64 * 1024,
      ...doc(
        'Write to the secretariat (public); the solved captcha goes in the captcha-response header, as for the ' +
          'newsletter. The visitor is mailed an acknowledgement in the language of the `locale` cookie or ' +
          'Accept-Language; staff are notified',
        z.null(),
        { body: contactMessageBodySchema, refusals: { 400: errorSchema } },
      ),
    },
    async (req) => {
      const header = req.headers['captcha-response'];
      await spendCaptcha(ctx, typeof header === 'string' ? header : undefined);
      await receiveContactMessage(ctx, {
        body: req.body,
        language: requestLanguage(req.headers),
        meta: requestMeta(req),
      });
      return { payload: null, message: BACKOFFICE_MESSAGES.contactSent };
    },
  );
  r.get(
    '/account-ms/contact-us',
    doc(
      'The contact-us mailbox, newest first; archived messages with archived=include (all) or only',
      pageOf(contactMessageSchema),
      { querystring: contactQuerySchema },
    ),
    async (req) => ({
      payload: await listContactMessages(ctx, req.query),
    }),
  );
  r.put(
    '/account-ms/contact-us/:id/archived',
    doc('Archive a contact-us message (hidden from the mailbox by default) or bring it back', contactMessageSchema, {
      params: z.object({ id: z.string().uuid() }),
      body: contactArchiveBodySchema,
      refusals: { 404: errorSchema },
    }),
    async (req) => ({
      payload: await setContactArchived(ctx, { id: req.params.id, archived: req.body.archived }),
      message: req.body.archived ? CONTACT_MESSAGES.archived : CONTACT_MESSAGES.unarchived,
    }),
  );
  r.post(
    '/account-ms/contact-us/replay/',
    doc('Reply to a contact-us message by mail (Reply-To: CONTACT_REPLY_TO when set)', contactMessageSchema, {
      body: contactReplySchema,
    }),
    async (req) => ({
      payload: await replyToContactMessage(ctx, {
        ...callerOf(req),
        id: req.body.id,
        message: req.body.message,
        subject: req.body.subject,
      }),
      message: BACKOFFICE_MESSAGES.replySent,
    }),
  );
}
