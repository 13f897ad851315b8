/**
 * Commitment coverage: the sector × mode counts of the bloc's conditional offers, GATS+ at a glance and the
 * request–offer matrix. The counting rule is classify.ts; these are the calls' query and answer shapes.
 */
import { z } from 'zod';
import { OFFER_STATUSES } from '../offers/schema.js';
import { COMMITMENT_CLASSES } from './classify.js';
import { partAnswerSchema, profileSchema } from '../schemas.js';

export * from './classify.js';

/** The rows of the matrix: the 12 W/120 sectors, or their 55 subsectors (a sector without any stands for itself). */
export const COVERAGE_LEVELS = ['sector', 'subsector'] as const;
export type CoverageLevel = (typeof COVERAGE_LEVELS)[number];
/** The level of GET /coverage when none is asked, and the one the workspace shows first. */
export const DEFAULT_COVERAGE_LEVEL: CoverageLevel = 'sector';

export const COVERAGE_MESSAGES = {
  unknownCountry: 'No member country has this code.',
  unknownRegion: 'No region of the bloc has this code.',
  noOffer: 'This country has no conditional offer yet: there is nothing to compare with its GATS commitments.',
} as const;

/** `status=INITIAL_OFFER,REVISED_OFFER`: one or several offer statuses, comma separated; none means every status. */
const statusList = z
  .string()
  .max(200)
  .optional()
  .transform((s) =>
    (s ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(OFFER_STATUSES)));

/** GET /coverage: whose offers are counted (country or region, statuses), at which level, as JSON or XLSX. */
export const coverageQuerySchema = z.object({
  /** ISO code of one member country. */
  country: z.string().trim().max(3).optional(),
  /** Code of a region of the bloc (WEST, EAST…). */
  region: z.string().trim().max(40).optional(),
  status: statusList,
  level: z.enum(COVERAGE_LEVELS).default(DEFAULT_COVERAGE_LEVEL),
  format: z.enum(['json', 'xlsx']).default('json'),
});
export type CoverageQuery = z.input<typeof coverageQuerySchema>;

const countsSchema = z.object(
  Object.fromEntries(COMMITMENT_CLASSES.map((c) => [c, z.number().int()])) as Record<
    (typeof COMMITMENT_CLASSES)[number],
    z.ZodNumber
  >,
);

const titleSchema = z.object({ en: z.string(), fr: z.string(), ar: z.string() });

/** One row of the matrix: a W/120 sector or subsector, and per mode the counts of each class. */
export const coverageRowSchema = z.object({
  /** W/120 code: '1' … '12' (sectors) or '1.A' … (subsectors). */
  code: z.string(),
  title: titleSchema,
  /** What each mode's counts add up to: offers counted × subsectors of the row. */
  units: z.number().int(),
  /** Modes 1 to 4 in schedule order. */
  marketAccess: z.array(countsSchema).length(4),
  nationalTreatment: z.array(countsSchema).length(4),
});
export type CoverageRow = z.infer<typeof coverageRowSchema>;

/** An offer counted: its country and the submitted version read. */
const countedOfferSchema = z.object({
  offerId: z.string(),
  countryCode: z.string(),
  countryName: z.string(),
  status: z.enum(OFFER_STATUSES),
  versionNumber: z.number().int(),
});

export const coverageSchema = z.object({
  level: z.enum(COVERAGE_LEVELS),
  country: z.string().nullable(),
  region: z.string().nullable(),
  statuses: z.array(z.enum(OFFER_STATUSES)),
  offers: z.array(countedOfferSchema),
  rows: z.array(coverageRowSchema),
  /** Scheduled sectors no W/120 item corresponds to (a CPC code outside the concordance): not in any row. */
  unclassified: z.number().int(),
});
export type Coverage = z.infer<typeof coverageSchema>;

/**
 * GET /coverage/start: what the workspace needs at start, in one answer — the user (GET /profile/current) and the
 * coverage it shows first (GET /coverage?level=sector), each part its own call's answer.
 */
export const coverageStartSchema = z.object({
  profile: partAnswerSchema(profileSchema),
  coverage: partAnswerSchema(coverageSchema),
});
export type CoverageStart = z.infer<typeof coverageStartSchema>;

/** GET /coverage/gats-plus?country= */
export const gatsPlusQuerySchema = z.object({ country: z.string().trim().min(2).max(3) });

const gatsPlusCellSchema = z.object({
  offer: z.enum(COMMITMENT_CLASSES),
  gats: z.enum(COMMITMENT_CLASSES),
  /** The GATS schedule's text for this mode ('' when the member has no GATS commitment in the sector). */
  gatsValue: z.string(),
  /** Computed: the offer's class binds more than the GATS one. */
  gatsPlus: z.boolean(),
  /** The hand-ticked GATS+ box of the entry. */
  ticked: z.boolean(),
});
export type GatsPlusCell = z.infer<typeof gatsPlusCellSchema>;

export const gatsPlusRowSchema = z.object({
  /** The W/120 code(s) the offer's sector is read as, joined with ', '. */
  code: z.string(),
  title: z.string(),
  /** The GATS rows compared with (their sector codes); empty: no GATS commitment in this sector. */
  gatsCodes: z.array(z.string()),
  marketAccess: z.array(gatsPlusCellSchema).length(4),
  nationalTreatment: z.array(gatsPlusCellSchema).length(4),
});

export const gatsPlusSchema = z.object({
  offerId: z.string(),
  countryCode: z.string(),
  countryName: z.string(),
  versionNumber: z.number().int(),
  /** The GATS member whose schedule is compared (the country's name as View GATS lists it), null when it has none. */
  gatsMember: z.string().nullable(),
  rows: z.array(gatsPlusRowSchema),
  summary: z.object({
    /** Entries computed GATS+. */
    gatsPlus: z.number().int(),
    /** Entries whose GATS+ box is ticked. */
    ticked: z.number().int(),
    /** Ticked but not computed GATS+ (to be checked by reading), and computed but not ticked. */
    tickedOnly: z.number().int(),
    computedOnly: z.number().int(),
  }),
});
export type GatsPlus = z.infer<typeof gatsPlusSchema>;

const matrixCountrySchema = z.object({ code: z.string(), name: z.string(), nameFr: z.string(), nameAr: z.string() });

/** GET /coverage/requests: requesting country × requested country, with the sectors asked and answered. */
export const requestMatrixSchema = z.object({
  /** Every country in a pair, by name. */
  countries: z.array(matrixCountrySchema),
  pairs: z.array(
    z.object({
      requestingCountryCode: z.string(),
      requestedCountryCode: z.string(),
      /** Requests sent (answered ones included; drafts and withdrawn ones not). */
      requests: z.number().int(),
      /** Sectors those requests ask for. */
      sectorsAsked: z.number().int(),
      /** Sectors of the requests answered. */
      sectorsAnswered: z.number().int(),
    }),
  ),
});
export type RequestMatrix = z.infer<typeof requestMatrixSchema>;

export { COVERAGE_API_ROUTES } from './api-routes.js';
