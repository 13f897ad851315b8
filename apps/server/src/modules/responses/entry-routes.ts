import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptedEntriesSchema,
  entryDecisionBodySchema,
  entryDiscussionSchema,
  entryHistorySchema,
  responseEntriesSchema,
  responseEntrySchema,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { routeDocs } from '../../lib/route-doc.js';
import { idParamsSchema } from '../../lib/route-params.js';
import { actorOf, callerOf } from '../../auth/authorize.js';
import { decideEntry, listEntries } from './entries.js';
import { discussEntry } from './discuss.js';
import { acceptedEntries, entryHistory } from './provenance.js';

const doc = routeDocs(['counter offers']);
const entryParams = idParamsSchema.extend({ key: z.string().max(2000) });

/** A counter offer answered entry by entry, and where each value of an offer came from (DESIGN 13). */
export async function entryRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/response-offer/:id/entries',
    doc(
      'Every entry the counter offer changes, with the answering country’s decision, and the counts',
      responseEntriesSchema,
      { params: idParamsSchema },
    ),
    async (req) => ({ payload: await listEntries(ctx, { actor: actorOf(req), id: req.params.id }) }),
  );
  r.put(
    '/response-offer/:id/entries/:key',
    doc(
      'Accept (the proposed value goes into the draft offer, not submitted), decline (an optional reason) or ' +
        'reopen one entry; `expected` (the decision you saw) and `revision` (the draft you saw) refuse with 409 ' +
        'when someone else changed them',
      responseEntrySchema,
      { params: entryParams, body: entryDecisionBodySchema },
    ),
    async (req) => ({
      payload: await decideEntry(ctx, {
        ...callerOf(req),
        id: req.params.id,
        key: req.params.key,
        decision: req.body.decision,
        note: req.body.note,
        expected: req.body.expected,
        revision: req.body.revision,
      }),
    }),
  );
  r.post(
    '/response-offer/:id/entries/:key/discuss',
    doc(
      'The two countries’ negotiation room, with one message anchored to the entry (posted once)',
      entryDiscussionSchema,
      { params: entryParams },
    ),
    async (req) => ({
      payload: await discussEntry(ctx, { ...callerOf(req), id: req.params.id, key: req.params.key }),
    }),
  );
  r.get(
    '/offers/:id/accepted-entries',
    doc(
      'Values accepted from counter offers into the draft since its last submission, and where they stand; ' +
        'with ?version=N, those that went into version N',
      acceptedEntriesSchema,
      {
        params: idParamsSchema,
        querystring: z.object({ version: z.coerce.number().int().min(1).max(1_000_000).optional() }),
      },
    ),
    async (req) => ({
      payload: await acceptedEntries(ctx, { actor: actorOf(req), id: req.params.id, version: req.query.version }),
    }),
  );
  r.get(
    '/offers/:id/entries/:key/history',
    doc(
      'The versions that changed one entry of an offer, and the counter offers its values came from',
      entryHistorySchema,
      { params: entryParams },
    ),
    async (req) => ({
      payload: await entryHistory(ctx, { actor: actorOf(req), id: req.params.id, key: req.params.key }),
    }),
  );
}
