import { z } from 'zod';
import type { Language } from '../constants.js';
import { DEFAULT_COMMITMENT_VALUE, DEFAULT_SECTOR_TYPE, HORIZONTAL_ROW_CELLS, MFN_ROW_CELLS } from './constants.js';
import { DB_INT_MAX, dbId } from '../schemas.js';
import { OFFER_LIMITS } from './limits.js';
import {
  SECTOR_RULE_MESSAGES,
  findDuplicateSector,
  isKnownSectorType,
  oneCodeListInUse,
  servicesInOneSector,
} from './sector-rules.js';

/** Statuses an offer or one of its versions can have (the spec's data model). */
export const OFFER_STATUSES = [
  'IN_PROGRESS',
  'INITIAL_OFFER',
  'COMMITMENT',
  'REVISED_OFFER',
  'FINAL_OFFER',
  'RETURNED',
] as const;
const offerStatusSchema = z.enum(OFFER_STATUSES);
export type OfferStatus = z.infer<typeof offerStatusSchema>;

export { OFFER_LIMITS };

const text = (max: number = OFFER_LIMITS.textChars) => z.string().max(max);
const html = () => z.string().max(OFFER_LIMITS.htmlChars);
const flag = () => z.boolean().default(false);

/** One limitation or commitment entry for a mode of supply. */
const commitmentEntrySchema = z.object({
  /** Blank, 'Unbound*', 'Unbound', 'None', or the text of an 'Other' limitation. */
  value: text().default(DEFAULT_COMMITMENT_VALUE),
  hasComment: flag(),
  comment: text().default(''),
  /** GATS+: goes beyond the country's GATS commitments. */
  isChecked: flag(),
  /** AfCFTA+: goes beyond the autonomous liberalisation regime. */
  isCheckedLiberation: flag(),
  hasChanged: flag(),
  edited: flag(),
  resolved: flag(),
});
export type CommitmentEntry = z.infer<typeof commitmentEntrySchema>;

/** A limitations block: the four modes of supply plus a comment. */
const limitationBlockSchema = z.object({
  crossBorder: commitmentEntrySchema,
  consumptionAbroad: commitmentEntrySchema,
  commercialPresence: commitmentEntrySchema,
  presenceOfNaturalPersons: commitmentEntrySchema,
  comment: text().default(''),
});
export type LimitationBlock = z.infer<typeof limitationBlockSchema>;

const commitmentNoteSchema = z.object({ commitment: text().default(''), comment: text().default('') });

const horizontalCommitmentSchema = z.object({
  generalCommitment: text().default(''),
  limitationsMA: limitationBlockSchema,
  limitationsOnNationalTreatment: limitationBlockSchema,
  additionalCommitment: commitmentNoteSchema,
  gatsOffersAndCommitments: text().default(''),
  additionalToAutonomousLiberalisationRegime: text().default(''),
});
export type HorizontalCommitment = z.infer<typeof horizontalCommitmentSchema>;

const sectorCommitmentSchema = z.object({
  limitationsMA: limitationBlockSchema,
  limitationsOnNationalTreatment: limitationBlockSchema,
  initialCommitment: z.object({
    commitment: text().default(''),
    comment: text().default(''),
    show: flag(),
    plata: text().default(''),
  }),
  additionalCommitment: commitmentNoteSchema,
  gatsOffersAndCommitments: text().default(''),
  sectorSubSectorAsadditionalToAutonomousLiberalisationRegime: text().default(''),
});
export type SectorCommitment = z.infer<typeof sectorCommitmentSchema>;

/** A service chosen in the sector tree (a node of the classification). */
const chosenServiceSchema = z.object({
  title: text(2000),
  value: text(200),
  key: text(200),
});
export type ChosenService = z.infer<typeof chosenServiceSchema>;

const codes = () => z.array(text(200)).max(OFFER_LIMITS.codesPerSector).default([]);

/**
 * A sector as stored and returned, without the choice rules: an offer or version stored before a rule existed must
 * still load (and be shown, validated, sent back) so that it can be opened and corrected.
 */
const storedSectorSchema = z.object({
  /**
   * Which code scheme the sector was chosen in: W_120 (default), CPC_PROV or CPC_2_1 (other spellings parseSectorScheme
   * reads).
   */
  type: text(40).default(DEFAULT_SECTOR_TYPE),
  codes: codes(),
  /** The levels of the classification the chosen service sits under. */
  details: codes(),
  codesCPC: codes(),
  codesCPC2: codes(),
  services: z.array(chosenServiceSchema).max(OFFER_LIMITS.codesPerSector).default([]),
  cpc_codes: codes(),
  provisional_codes: codes(),
  changed: flag(),
  sectorId: text(100),
  horizontalCommitement: horizontalCommitmentSchema.optional(),
  sectorCommitement: sectorCommitmentSchema,
});

/**
 * A sector in a request body: the spec's sector-choice rules are checked here, so a client that skips them is
 * refused with a 400. Input only: response schemas use storedSectorSchema (see storedOfferDocumentSchema).
 */
export const sectorSchema = storedSectorSchema
  .refine((s) => isKnownSectorType(s.type), { message: SECTOR_RULE_MESSAGES.codeScheme, path: ['type'] })
  .refine(servicesInOneSector, { message: SECTOR_RULE_MESSAGES.oneSector, path: ['services'] })
  .refine(oneCodeListInUse, { message: SECTOR_RULE_MESSAGES.oneCodeList, path: ['cpc_codes'] });
export type Sector = z.infer<typeof sectorSchema>;

/** Column span of a table cell: accepted only if greater than 0 or empty (the spec's validation rules). */
const colspanSchema = z.union([z.number().int().positive().max(10), z.null()]);

export const tableCellSchema = z.object({
  /** Sanitized HTML. */
  value: html().default(''),
  style: z.object({
    cols: colspanSchema.default(null),
    weight: z.enum(['normal', 'bold']).default('normal'),
    width: text(20).optional(),
  }),
});
export type TableCell = z.infer<typeof tableCellSchema>;

function rowSchema(width: number) {
  return z
    .array(tableCellSchema)
    .min(1)
    .max(width)
    .refine((cells) => cells.reduce((sum, c) => sum + (c.style.cols ?? 1), 0) === width, {
      message: `a row spans exactly ${width} columns`,
    });
}

/**
 * The part of an offer its editors write, as stored and returned (no sector-choice rules, see storedSectorSchema);
 * the server owns ids, status, versions and creator fields.
 */
export const storedOfferDocumentSchema = z.object({
  name: text(500).default(''),
  /** The opening statement (sanitized HTML). */
  description: html().default(''),
  comment: text().default(''),
  geenralCommitement: z.array(rowSchema(HORIZONTAL_ROW_CELLS)).max(OFFER_LIMITS.tableRows).default([]),
  nameCon: text(500).default(''),
  descriptionCon: html().default(''),
  commentCon: text().default(''),
  /** MFN exemptions table. */
  geenralCommitementCon: z.array(rowSchema(MFN_ROW_CELLS)).max(OFFER_LIMITS.tableRows).default([]),
  previewStatus: flag(),
  countries: z.array(text(200)).max(100).default([]),
  regions: z.array(text(200)).max(20).default([]),
  sectors: z.array(storedSectorSchema).max(OFFER_LIMITS.sectors).default([]),
});

/** An offer document in a request body (save, create, counter offer): the stored shape plus the sector-choice rules. */
export const offerDocumentSchema = storedOfferDocumentSchema.extend({
  sectors: z
    .array(sectorSchema)
    .max(OFFER_LIMITS.sectors)
    .default([])
    .superRefine((sectors, ctx) => {
      const duplicate = findDuplicateSector(sectors);
      if (!duplicate) return;
      // The refusal's own code (ERROR_CATALOGUE.SECTOR_DUPLICATE) travels with the issue; the message names the sector.
      ctx.addIssue({
        code: 'custom',
        path: [duplicate.index, 'services'],
        message: `${SECTOR_RULE_MESSAGES.duplicate} (${duplicate.code})`,
        params: { refusal: 'SECTOR_DUPLICATE', sector: duplicate.code },
      });
    }),
});
export type OfferDocument = z.infer<typeof offerDocumentSchema>;

export const offerVersionSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: offerStatusSchema,
  createdAt: z.string(),
  authorName: z.string(),
  /** The secretariat's comment when it sent the version back. */
  comment: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /**
   * Who of the secretariat decided (validated, sent back, finalized); only the offer's country and the secretariat
   * learn it.
   */
  decidedByName: z.string().nullable(),
});
export type OfferVersionSummary = z.infer<typeof offerVersionSummarySchema>;

/** The spec's Offer entity as the API returns it. */
export const offerSchema = storedOfferDocumentSchema.extend({
  id: z.string(),
  submittedToAU: z.boolean(),
  offerVersions: z.array(offerVersionSummarySchema),
  versions: z.number().int(),
  status: offerStatusSchema,
  /** True when the secretariat created this offer for a country. */
  regionCreated: z.boolean(),
  regionNameCreator: z.string().nullable(),
  countryNameCreator: z.string(),
  /** Country the offer belongs to (set by the secretariat when creating for a country). */
  countryIdCreator: z.number().int(),
  countryCode: z.string(),
  respondedBy: z.array(z.string()),
  /** Optimistic concurrency: a save names the revision it started from. */
  revision: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the caller may edit, submit, or act as the secretariat on this offer. */
  permissions: z.object({ edit: z.boolean(), submit: z.boolean(), review: z.boolean() }),
  /** When the caller sees another country's offer, the submitted version shown. */
  versionShown: z.number().int().nullable(),
});
export type Offer = z.infer<typeof offerSchema>;

/**
 * What a save answers (PUT /offers/:id): the offer, the revision the next save names, and its status (not the whole
 * document: 313 KB for 150 sectors, which the editor never read). GET /offers/:id reads the rest.
 */
export const offerSavedSchema = z.object({ id: z.string(), revision: z.number().int(), status: offerStatusSchema });
export type OfferSaved = z.infer<typeof offerSavedSchema>;

export const createOfferBodySchema = offerDocumentSchema.extend({
  submittedToAU: z.boolean().default(false),
  countryIdCreator: dbId.optional(),
});
export type CreateOfferBody = z.input<typeof createOfferBodySchema>;

export const saveOfferBodySchema = offerDocumentSchema.extend({
  submittedToAU: z.boolean().default(false),
  revision: z.number().int().nonnegative().max(DB_INT_MAX),
});
export type SaveOfferBody = z.input<typeof saveOfferBodySchema>;

export const offerListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  countryId: z.number().int(),
  countryCode: z.string(),
  countryName: z.string(),
  status: offerStatusSchema,
  submittedToAU: z.boolean(),
  versions: z.number().int(),
  sectors: z.number().int(),
  regionCreated: z.boolean(),
  updatedAt: z.string(),
  lastSubmittedAt: z.string().nullable(),
  countryActive: z.boolean(),
});
export type OfferListItem = z.infer<typeof offerListItemSchema>;

export const leaseSchema = z.object({ offerId: z.string(), expiresAt: z.string(), heartbeatSeconds: z.number().int() });
export type Lease = z.infer<typeof leaseSchema>;

export const returnOfferBodySchema = z.object({
  comment: z.string().trim().min(1, 'A comment is required to send an offer back').max(OFFER_LIMITS.textChars),
});

/** What GET /offers/creator answers: who a new offer will belong to. */
export const offerCreatorSchema = z.object({
  countryNameCreator: z.string().nullable(),
  countryIdCreator: z.number().int().nullable(),
  regionNameCreator: z.string().nullable(),
  regionCreated: z.boolean(),
  name: z.string(),
  /** The offer the caller's country already has (a country holds one offer), else null. */
  existingOfferId: z.string().nullable(),
});
export type OfferCreator = z.infer<typeof offerCreatorSchema>;

/** A country whose offer has been submitted at least once (GET /offers/countriesConditional), for comparison. */
export const comparableCountrySchema = z.object({
  countryId: z.number(),
  code: z.string(),
  name: z.string(),
  nameFr: z.string(),
  nameAr: z.string(),
  offerId: z.string(),
});
export type ComparableCountry = z.infer<typeof comparableCountrySchema>;

/** POST /offers/offerBycountriesConditional: the countries (codes or names) whose latest submitted offers to compare. */
export const compareOffersBodySchema = z.object({ countries: z.array(z.string().max(200)).max(50) });
export type CompareOffersBody = z.infer<typeof compareOffersBodySchema>;

/**
 * A country's latest submitted offer as compared (POST /offers/offerBycountriesConditional), wire names kept
 * (geenralCommitement is the spec's spelling): `matchKeys[i]` are the W/120 keys `sectors[i]` is matched by (compare.ts),
 * `matchTitles` the title of each key in en, fr and ar.
 */
export const comparedOfferSchema = offerDocumentSchema
  .pick({ name: true, description: true, geenralCommitement: true, geenralCommitementCon: true, sectors: true })
  .extend({
    offerId: z.string(),
    countryId: z.number().int(),
    countryCode: z.string(),
    countryName: z.string(),
    version: z.number().int(),
    status: offerStatusSchema,
    submittedAt: z.string(),
    matchKeys: z.array(z.array(z.string())),
    matchTitles: z.record(z.string(), z.object({ en: z.string(), fr: z.string(), ar: z.string() })),
  });
export type ComparedOffer = z.infer<typeof comparedOfferSchema>;

/**
 * What a translated copy is made of (the `translation` of POST /offers/translateOffer and translateOfferById; the
 * screens show it: machine translation marked, texts left as written counted). Nothing is stored.
 */
export interface TranslationNote {
  language: Language;
  /** `libretranslate` when a machine translated any text of the copy, else `vocabulary` (fixed terms only). */
  provider: 'libretranslate' | 'vocabulary';
  /** The language the document is written in, as told from its text (null when it cannot be told). */
  sourceLanguage: Language | null;
  /** Distinct texts translated by machine (TRANSLATE_URL): to be read as a machine translation. */
  machineTranslated: number;
  /** Distinct fixed terms of the schedule translated from the shared vocabulary. */
  fixedTerms: number;
  /** Distinct texts left exactly as written although not in the asked language (no provider, failure, over the limit). */
  untranslated: number;
  /** Distinct texts not sent to the remote translator because the request reached the limit (0 otherwise). */
  overLimit: number;
}
