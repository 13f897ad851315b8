import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LANGUAGES,
  MESSAGES,
  OFFER_LIMITS,
  comparableCountrySchema,
  compareOffersBodySchema,
  countrySchema,
  createOfferBodySchema,
  envelope,
  errorSchema,
  leaseSchema,
  offerCreatorSchema,
  offerListItemSchema,
  offerSavedSchema,
  offerSchema,
  offerVersionSummarySchema,
  returnOfferBodySchema,
  saveOfferBodySchema,
  storedOfferDocumentSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { idParamsSchema } from '../../lib/route-params.js';
import { actorOf } from '../../auth/authorize.js';
import { requestMeta } from '../../lib/request-meta.js';
import { conditionalGet } from '../../lib/conditional-get.js';
import { followEditAnnouncements } from './edit-announcements.js';
import { offerImportRoutes } from './import-routes.js';
import { offerEditorRoutes } from './editor-routes.js';
import { tellLeaseMoves } from './lease-moves.js';
import { notFound } from '../../errors.js';
import { sendAnswer, sendEncoded } from '../../lib/kept-answer.js';
import { presentVersion } from './presenter.js';
import { canSeeOffer } from './access.js';
import { decideOffer } from './review.js';
import { compareOffers, countriesWithConditionalOffers } from './compare.js';
import { countriesWithoutOffer, listMyOffers, listReviewQueue, listSubmittedOffers } from './lists.js';
import { translateDocument, translateStoredOffer } from './translate.js';
import { createTranslator } from '../../providers/translate/index.js';
import {
  closeForEditing,
  createOffer,
  describeCreator,
  getOffer,
  getOfferVersion,
  listVersions,
  loadOfferRow,
  openForEditing,
  saveOffer,
  takeOverEditing,
} from './service.js';

/**
 * Offers are large documents built by the presenter: their answers are written with plain JSON.stringify
 * instead of being validated again against the response schema, which stays for the OpenAPI document.
 * (It halves the time of loading a 150-sector offer.)
 */
const presented = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };
const tags = ['offers'];

export async function offersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  followEditAnnouncements(ctx);
  tellLeaseMoves(ctx);
  await app.register(offerImportRoutes, { ctx });
  await app.register(offerEditorRoutes);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/offers',
    {
      schema: {
        tags,
        summary: "The workspace list: one's own country's offers (the secretariat: all)",
        response: { 200: envelope(z.array(offerListItemSchema)) },
      },
    },
    async (req) => ({
      payload: await listMyOffers(ctx, { actor: actorOf(req) }),
    }),
  );
  r.get(
    '/offers/done',
    {
      schema: {
        tags,
        summary: 'Conditional offers of all countries (submitted at least once)',
        response: { 200: envelope(z.array(offerListItemSchema)) },
      },
    },
    async (req) => ({
      payload: await listSubmittedOffers(ctx, { actor: actorOf(req) }),
    }),
  );
  r.get(
    '/offers/validate',
    {
      schema: {
        tags,
        summary: "The secretariat's queue, versions awaiting a decision first",
        response: { 200: envelope(z.array(offerListItemSchema)) },
      },
    },
    async (req) => ({
      payload: await listReviewQueue(ctx, { actor: actorOf(req) }),
    }),
  );
  r.get(
    '/offers/countiresNoOffer',
    {
      schema: {
        tags,
        summary: 'Active member states without an offer',
        response: { 200: envelope(z.array(countrySchema)) },
      },
    },
    async () => ({
      payload: await countriesWithoutOffer(ctx),
    }),
  );
  r.get(
    '/offers/creator',
    {
      schema: {
        tags,
        summary: 'Who a new offer is created as (/add-offer)',
        response: { 200: envelope(offerCreatorSchema) },
      },
    },
    async (req) => ({
      payload: await describeCreator(ctx, { actor: actorOf(req) }),
    }),
  );
  r.get(
    '/offers/countriesConditional',
    {
      schema: {
        tags,
        summary: 'Countries with a submitted (conditional) offer, for comparison',
        response: {
          200: envelope(z.array(comparableCountrySchema)),
        },
      },
    },
    async () => ({ payload: await countriesWithConditionalOffers(ctx) }),
  );
  r.post(
    '/offers/offerBycountriesConditional',
    {
      ...presented,
      schema: {
        tags,
        summary: 'The latest submitted offers of up to 4 countries, side by side',
        body: compareOffersBodySchema,
      },
    },
    async (req) => ({ payload: await compareOffers(ctx, { countries: req.body.countries }) }),
  );
  const translator = createTranslator({ translateUrl: ctx.config.translateUrl, log: ctx.log });
  const lang = z.object({ lang: z.enum(LANGUAGES) });
  r.post(
    '/offers/translateOffer',
    {
      ...presented,
      bodyLimit: OFFER_LIMITS.bodyBytes,
      schema: {
        tags,
        summary: 'Translate an offer document (nothing is stored)',
        querystring: lang,
        body: storedOfferDocumentSchema.passthrough(),
      },
    },
    async (req) => {
      const { document, note } = await translateDocument(ctx, translator, req.body, req.query.lang);
      return { payload: { ...document, translation: note } };
    },
  );
  r.post(
    '/offers/translateOfferById',
    {
      ...presented,
      schema: {
        tags,
        summary: 'Translate a stored offer (PARENT) or one of its versions (VERSION, by version id)',
        querystring: lang.extend({ offerId: z.string().max(64), type: z.enum(['PARENT', 'RESPONSE', 'VERSION']) }),
      },
    },
    async (req) => {
      const { document, note } = await translateStoredOffer(ctx, translator, {
        actor: actorOf(req),
        offerId: req.query.offerId,
        type: req.query.type,
        language: req.query.lang,
      });
      return { payload: { ...document, translation: note } };
    },
  );

  r.get(
    '/offers/:id',
    {
      ...presented,
      // The browser keeps the offer and asks again with If-None-Match: unchanged, a 304 with no body.
      onSend: [conditionalGet, sendEncoded],
      schema: {
        tags,
        summary: 'One offer: the draft for its country and the secretariat, else the latest submitted version',
        params: idParamsSchema,
        response: { 200: envelope(offerSchema) },
      },
    },
    async (req, reply) => {
      // The row first (access check, 404), then the answer kept for it if nothing changed since (offers/cache.ts).
      const actor = actorOf(req);
      const row = await ctx.offerCache.row(req.params.id, () => loadOfferRow(ctx.db, req.params.id));
      if (!row || !canSeeOffer(actor, row)) throw notFound();
      const { key, stamp } = ctx.offerCache.keyOf(actor, row);
      const answer = await ctx.offerCache.answer(key, stamp, async () =>
        JSON.stringify({ payload: await getOffer(ctx, { actor, id: row.id, row }) }),
      );
      return sendAnswer(req, reply, answer);
    },
  );

  r.post(
    '/offers',
    {
      ...presented,
      bodyLimit: OFFER_LIMITS.bodyBytes,
      schema: {
        tags,
        summary: 'Create an offer (submittedToAU true submits it at once)',
        body: createOfferBodySchema,
        response: { 200: envelope(offerSchema) },
      },
    },
    async (req) => {
      const offer = await createOffer(ctx, { actor: actorOf(req), body: req.body, meta: requestMeta(req) });
      return { payload: offer, message: req.body.submittedToAU ? MESSAGES.offerSubmitted : undefined };
    },
  );
  r.put(
    '/offers/:id',
    {
      bodyLimit: OFFER_LIMITS.bodyBytes,
      schema: {
        tags,
        summary:
          'Save the draft, or submit it (submittedToAU true): names the revision it started from; 409 when stale. Answers the id, the new revision and the status, not the document',
        params: idParamsSchema,
        querystring: z.object({
          isEdited: z
            .enum(['', '1', 'true', '0', 'false'])
            .optional()
            .transform((v) =>
              v === undefined ? undefined : ['', '1', 'true'].includes(v) ? ('true' as const) : ('false' as const),
            ),
        }),
        body: saveOfferBodySchema,
        response: { 200: envelope(offerSavedSchema) },
      },
    },
    async (req) => {
      const offer = await saveOffer(ctx, {
        actor: actorOf(req),
        id: req.params.id,
        body: req.body,
        isEdited: req.query.isEdited === 'true',
        meta: requestMeta(req),
      });
      return { payload: offer, message: req.body.submittedToAU ? MESSAGES.offerSubmitted : undefined };
    },
  );

  r.get(
    '/offers/checkOpenOffer/:id',
    {
      schema: {
        tags,
        summary: 'Take or renew the edit lease (heartbeat)',
        description:
          'Answers the lease while this session holds it. 409 NOT_OPEN when another user holds it; 409 ' +
          'OFFER_OPEN_IN_OTHER_SESSION when the same user holds it in another session (then POST ' +
          '/offers/{id}/takeover moves it here). A refusal changes nothing.',
        params: idParamsSchema,
        response: { 200: envelope(leaseSchema), 409: errorSchema },
      },
    },
    async (req) => ({
      payload: await openForEditing(ctx, { actor: actorOf(req), id: req.params.id }),
    }),
  );
  r.post(
    '/offers/:id/takeover',
    {
      schema: {
        tags,
        summary: 'Take the edit lease over from another session of the same user',
        description:
          'Moves the lease to this session when it is held by the same user in another session (or is free), and ' +
          'tells that session live (OFFER_LEASE_MOVED on /topic/queue): its editor turns read-only and its saves are ' +
          'refused with 409 OFFER_OPEN_IN_OTHER_SESSION. 409 NOT_OPEN, changing nothing, when another user holds it.',
        params: idParamsSchema,
        response: { 200: envelope(leaseSchema), 409: errorSchema },
      },
    },
    async (req) => ({
      payload: await takeOverEditing(ctx, { actor: actorOf(req), id: req.params.id }),
    }),
  );
  r.delete(
    '/offers/checkOpenOffer/:id',
    {
      schema: {
        tags,
        summary: 'Give the edit lease back',
        params: idParamsSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await closeForEditing(ctx, { actor: actorOf(req), id: req.params.id });
      return { payload: null };
    },
  );

  r.get(
    '/offers/version/:id',
    {
      schema: {
        tags,
        summary: 'The submitted versions of an offer',
        params: idParamsSchema,
        response: { 200: envelope(z.array(offerVersionSummarySchema)) },
      },
    },
    async (req) => ({
      payload: (await listVersions(ctx, { actor: actorOf(req), id: req.params.id })).map(presentVersion),
    }),
  );
  r.get(
    '/offers/version/:id/:number',
    {
      ...presented,
      onSend: conditionalGet,
      schema: {
        tags,
        summary: 'One submitted version, read-only',
        params: idParamsSchema.extend({ number: z.coerce.number().int().positive().max(100000) }),
        response: { 200: envelope(offerSchema) },
      },
    },
    async (req) => ({
      payload: await getOfferVersion(ctx, { actor: actorOf(req), id: req.params.id, number: req.params.number }),
    }),
  );

  for (const decision of ['validate', 'finalize'] as const) {
    r.post(
      `/offers/:id/${decision}`,
      {
        ...presented,
        schema: {
          tags,
          summary:
            decision === 'validate' ? 'Validate the latest version (COMMITMENT)' : 'Finalize the offer (FINAL_OFFER)',
          params: idParamsSchema,
          response: { 200: envelope(offerSchema) },
        },
      },
      async (req) => ({
        payload: await decideOffer(ctx, { actor: actorOf(req), id: req.params.id, decision, meta: requestMeta(req) }),
      }),
    );
  }
  r.post(
    '/offers/:id/return',
    {
      ...presented,
      schema: {
        tags,
        summary: 'Send the latest version back to the country with a comment (RETURNED)',
        params: idParamsSchema,
        body: returnOfferBodySchema,
        response: { 200: envelope(offerSchema) },
      },
    },
    async (req) => ({
      payload: await decideOffer(ctx, {
        actor: actorOf(req),
        id: req.params.id,
        decision: 'return',
        comment: req.body.comment,
        meta: requestMeta(req),
      }),
    }),
  );
}
