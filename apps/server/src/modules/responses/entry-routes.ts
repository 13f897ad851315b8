import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptedEntriesSchema,
  entryDecisionBodySchema,
  entryDiscussionSchema,
  entryHistorySchema,
  envelope,
  responseEntriesSchema,
  responseEntrySchema,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { idParamsSchema } from '../../lib/route-params.js';
import { actorOf } from '../../auth/authorize.js';
import { requestMeta } from '../../lib/request-meta.js';
import { decideEntry, listEntries } from './entries.js';
import { discussEntry } from './discuss.js';
import { acceptedEntries, entryHistory } from './provenance.js';

const tags = ['counter offers'];
const entryParams = idParamsSchema.extend({ key: z.string().max(2000) });

/** A counter offer answered entry by entry, and where each value of an offer came from (DESIGN 13). */
export async function entryRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/response-offer/:id/entries',
    {
      schema: {
        tags,
        summary: 'Every entry the counter offer changes, with the answering country’s decision, and the counts',
        params: idParamsSchema,
        response: { 200: envelope(responseEntriesSchema) },
      },
    },
    async (req) => ({ payload: await listEntries(ctx, { actor: actorOf(req), id: req.params.id }) }),
  );
  r.put(
    '/response-offer/:id/entries/:key',
    {
      schema: {
        tags,
        summary:
          'Accept (the proposed value goes into the draft offer, not submitted), decline (an optional reason) or ' +
          'reopen one entry; `expected` (the decision you saw) and `revision` (the draft you saw) refuse with 409 ' +
          'when someone else changed them',
        params: entryParams,
        body: entryDecisionBodySchema,
        response: { 200: envelope(responseEntrySchema) },
      },
    },
    async (req) => ({
      payload: await decideEntry(ctx, {
        actor: actorOf(req),
        id: req.params.id,
        key: req.params.key,
        decision: req.body.decision,
        note: req.body.note,
        expected: req.body.expected,
        revision: req.body.revision,
        meta: requestMeta(req),
      }),
    }),
  );
  r.post(
    '/response-offer/:id/entries/:key/discuss',
    {
      schema: {
        tags,
        summary: 'The two countries’ negotiation room, with one message anchored to the entry (posted once)',
        params: entryParams,
        response: { 200: envelope(entryDiscussionSchema) },
      },
    },
    async (req) => ({
      payload: await discussEntry(ctx, {
        actor: actorOf(req),
        id: req.params.id,
        key: req.params.key,
        meta: requestMeta(req),
      }),
    }),
  );
  r.get(
    '/offers/:id/accepted-entries',
    {
      schema: {
        tags,
        summary:
          'Values accepted from counter offers into the draft since its last submission, and where they stand; ' +
          'with ?version=N, those that went into version N',
        params: idParamsSchema,
        querystring: z.object({ version: z.coerce.number().int().min(1).max(1_000_000).optional() }),
        response: { 200: envelope(acceptedEntriesSchema) },
      },
    },
    async (req) => ({
      payload: await acceptedEntries(ctx, { actor: actorOf(req), id: req.params.id, version: req.query.version }),
    }),
  );
  r.get(
    '/offers/:id/entries/:key/history',
    {
      schema: {
        tags,
        summary: 'The versions that changed one entry of an offer, and the counter offers its values came from',
        params: entryParams,
        response: { 200: envelope(entryHistorySchema) },
      },
    },
    async (req) => ({
      payload: await entryHistory(ctx, { actor: actorOf(req), id: req.params.id, key: req.params.key }),
    }),
  );
}
