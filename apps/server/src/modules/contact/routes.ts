import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BACKOFFICE_MESSAGES,
  contactMessageBodySchema,
  contactMessageSchema,
  contactReplySchema,
  envelope,
  pageOf,
  pagingQuerySchema,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../auth/authorize.js';
import { requestMeta } from '../../lib/request-meta.js';
import { listContactMessages, receiveContactMessage, replyToContactMessage } from './service.js';

const tags = ['contact'];

export async function contactRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/contact-us',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      bodyLimit: 64 * 1024,
      schema: {
        tags,
        summary: 'Write to the secretariat (public)',
        body: contactMessageBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await receiveContactMessage(ctx, { body: req.body, meta: requestMeta(req) });
      return { payload: null, message: BACKOFFICE_MESSAGES.contactSent };
    },
  );
  r.get(
    '/account-ms/contact-us',
    {
      schema: {
        tags,
        summary: 'The contact-us mailbox',
        querystring: pagingQuerySchema,
        response: { 200: envelope(pageOf(contactMessageSchema)) },
      },
    },
    async (req) => ({
      payload: await listContactMessages(ctx, req.query),
    }),
  );
  r.post(
    '/account-ms/contact-us/replay/',
    {
      schema: {
        tags,
        summary: 'Reply to a contact-us message by mail',
        body: contactReplySchema,
        response: { 200: envelope(contactMessageSchema) },
      },
    },
    async (req) => ({
      payload: await replyToContactMessage(ctx, {
        actor: actorOf(req),
        id: req.body.id,
        message: req.body.message,
        subject: req.body.subject,
        meta: requestMeta(req),
      }),
      message: BACKOFFICE_MESSAGES.replySent,
    }),
  );
}
