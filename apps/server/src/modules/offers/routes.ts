import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LANGUAGES,
  MESSAGES,
  OFFER_LIMITS,
  comparableCountrySchema,
  compareOffersBodySchema,
  comparedOfferSchema,
  countrySchema,
  createOfferBodySchema,
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
  envelope,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { routeDocs } from '../../lib/route-doc.js';
import { idParamsSchema } from '../../lib/route-params.js';
import { actorOf, callerOf } from '../../auth/authorize.js';
import { conditionalGet } from '../../lib/conditional-get.js';
import { followEditAnnouncements } from './edit-announcements.js';
import { offerImportRoutes } from './import-routes.js';
import { offerStartRoutes } from './start-routes.js';
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
const doc = routeDocs(tags);

export async function offersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  followEditAnnouncements(ctx);
  tellLeaseMoves(ctx);
  await app.register(offerImportRoutes, { ctx });
  await app.register(offerStartRoutes);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/offers',
    doc("The workspace list: one's own country's offers (the secretariat: all)", z.array(offerListItemSchema)),
    async (req) => ({
      payload: await listMyOffers(ctx, { actor: actorOf(req) }),
    }),
  );
  r.get(
    '/offers/done',
    doc('Conditional offers of all countries (submitted at least once)', z.array(offerListItemSchema)),
    async (req) => ({
      payload: await listSubmittedOffers(ctx, { actor: actorOf(req) }),
    }),
  );
  r.get(
    '/offers/validate',
    doc("The secretariat's queue, versions awaiting a decision first", z.array(offerListItemSchema)),
    async (req) => ({
      payload: await listReviewQueue(ctx, { actor: actorOf(req) }),
    }),
  );
  r.get('/offers/countiresNoOffer', doc('Active member states without an offer', z.array(countrySchema)), async () => ({
    payload: await countriesWithoutOffer(ctx),
  }));
  r.get('/offers/creator', doc('Who a new offer is created as (/add-offer)', offerCreatorSchema), async (req) => ({
    payload: await describeCreator(ctx, { actor: actorOf(req) }),
  }));
  r.get(
    '/offers/countriesConditional',
    doc('Countries with a submitted (conditional) offer, for comparison', z.array(comparableCountrySchema)),
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
        response: { 200: envelope(z.array(comparedOfferSchema)) },
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
      onSend: [conditionalGet, sendEncoded],
      ...doc(
        'One offer: the draft for its country and the secretariat, else the latest submitted version',
        offerSchema,
        { params: idParamsSchema },
      ),
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
      ...doc('Create an offer (submittedToAU true submits it at once)', offerSchema, { body: createOfferBodySchema }),
    },
    async (req) => {
      const offer = await createOffer(ctx, { ...callerOf(req), body: req.body });
      return { payload: offer, message: req.body.submittedToAU ? MESSAGES.offerSubmitted : undefined };
    },
  );
  r.put(
    '/offers/:id',
    {
      bodyLimit: OFFER_LIMITS.bodyBytes,
      ...doc(
        'Save the draft, or submit it (submittedToAU true): names the revision it started from; 409 when stale. Answers the id, the new revision and the status, not the document',
        offerSavedSchema,
        {
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
        },
      ),
    },
    async (req) => {
      const offer = await saveOffer(ctx, {
        ...callerOf(req),
        id: req.params.id,
        body: req.body,
        isEdited: req.query.isEdited === 'true',
      });
      return { payload: offer, message: req.body.submittedToAU ? MESSAGES.offerSubmitted : undefined };
    },
  );

  /** The lease routes answer the lease, or 409 when another user or session holds it. */
  const leaseParts = { params: idParamsSchema, refusals: { 409: errorSchema } };
  r.get(
    '/offers/checkOpenOffer/:id',
    doc('Take or renew the edit lease (heartbeat)', leaseSchema, {
      description:
        'Answers the lease while this session holds it. 409 NOT_OPEN when another user holds it; 409 ' +
        'OFFER_OPEN_IN_OTHER_SESSION when the same user holds it in another session (then POST ' +
        '/offers/{id}/takeover moves it here). A refusal changes nothing.',
      ...leaseParts,
    }),
    async (req) => ({
      payload: await openForEditing(ctx, { actor: actorOf(req), id: req.params.id }),
    }),
  );
  r.post(
    '/offers/:id/takeover',
    doc('Take the edit lease over from another session of the same user', leaseSchema, {
      description:
        'Moves the lease to this session when it is held by the same user in another session (or is free), and ' +
        'tells that session live (OFFER_LEASE_MOVED on /topic/queue): its editor turns read-only and its saves are ' +
        'refused with 409 OFFER_OPEN_IN_OTHER_SESSION. 409 NOT_OPEN, changing nothing, when another user holds it.',
      ...leaseParts,
    }),
    async (req) => ({
      payload: await takeOverEditing(ctx, { actor: actorOf(req), id: req.params.id }),
    }),
  );
  r.delete(
    '/offers/checkOpenOffer/:id',
    doc('Give the edit lease back', z.null(), { params: idParamsSchema }),
    async (req) => {
      await closeForEditing(ctx, { actor: actorOf(req), id: req.params.id });
      return { payload: null };
    },
  );

  r.get(
    '/offers/version/:id',
    doc('The submitted versions of an offer', z.array(offerVersionSummarySchema), { params: idParamsSchema }),
    async (req) => ({
      payload: (await listVersions(ctx, { actor: actorOf(req), id: req.params.id })).map(presentVersion),
    }),
  );
  r.get(
    '/offers/version/:id/:number',
    {
      ...presented,
      onSend: conditionalGet,
      ...doc('One submitted version, read-only', offerSchema, {
        params: idParamsSchema.extend({ number: z.coerce.number().int().positive().max(100000) }),
      }),
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
        ...doc(
          decision === 'validate' ? 'Validate the latest version (COMMITMENT)' : 'Finalize the offer (FINAL_OFFER)',
          offerSchema,
          { params: idParamsSchema },
        ),
      },
      async (req) => ({
        payload: await decideOffer(ctx, { ...callerOf(req), id: req.params.id, decision }),
      }),
    );
  }
  r.post(
    '/offers/:id/return',
    {
      ...presented,
      ...doc('Send the latest version back to the country with a comment (RETURNED)', offerSchema, {
        params: idParamsSchema,
        body: returnOfferBodySchema,
      }),
    },
    async (req) => ({
      payload: await decideOffer(ctx, {
        ...callerOf(req),
        id: req.params.id,
        decision: 'return',
        comment: req.body.comment,
      }),
    }),
  );
}
