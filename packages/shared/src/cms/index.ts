import { z } from 'zod';
import type { Access, Role } from '../roles.js';
import { LANGUAGES } from '../constants.js';

const STAFF: readonly Role[] = ['AFRICAN_UNION', 'ADMIN'];

/**
 * The kinds of content the secretariat manages, one per CMS screen of the spec: home page sections,
 * events, insights, contacts, FAQs (internal and external), country information and about.
 */
export const CMS_TYPES = [
  'HOME_MEMBERS',
  'HOME_OBJECTIVES',
  'HOME_FOOTER',
  'HOME_EVENTS',
  'EVENT',
  'CONTACT',
  'INSIGHT',
  'FAQ',
  'FAQ_EXTERNE',
  'COUNTRY_INFORMATION',
  'ABOUT',
] as const;
export const cmsTypeSchema = z.enum(CMS_TYPES);
export type CmsType = z.infer<typeof cmsTypeSchema>;

/** Content types anyone may read; FAQ (internal) needs sign-in. */
export const PUBLIC_CMS_TYPES: readonly CmsType[] = CMS_TYPES.filter((t) => t !== 'FAQ');

/** One language's text of an entry. `body` is sanitized HTML. */
export const cmsTextSchema = z.object({
  title: z.string().trim().max(300).default(''),
  summary: z.string().trim().max(2000).default(''),
  body: z.string().max(100_000).default(''),
});
export type CmsText = z.infer<typeof cmsTextSchema>;

export const cmsEntrySchema = z.object({
  id: z.string(),
  type: cmsTypeSchema,
  position: z.number().int(),
  /** Image in the file store, served publicly at /api/cms/image/{key}. */
  image: z.string().nullable(),
  /** A link (event page, contact's site) or a date for events, as the type needs. */
  link: z.string().nullable(),
  eventDate: z.string().nullable(),
  countryCode: z.string().nullable(),
  published: z.boolean(),
  /** The text in the asked language, falling back to English. */
  lang: z.enum(LANGUAGES),
  text: cmsTextSchema,
  /** Languages that have their own text. */
  languages: z.array(z.enum(LANGUAGES)),
  updatedAt: z.string(),
});
export type CmsEntry = z.infer<typeof cmsEntrySchema>;

export const cmsLangQuerySchema = z.object({ lng: z.enum(LANGUAGES).default('en') });

const link = z.union([z.literal(''), z.string().max(500).refine((u) => /^(https?:\/\/|\/)/.test(u), 'an http(s) address or a path')]).nullable();

/** Creating or changing an entry; the text is for the language named by ?lng. */
export const cmsWriteSchema = z.object({
  type: cmsTypeSchema,
  position: z.number().int().min(0).max(10_000).default(0),
  image: z.string().max(200).nullable().default(null),
  link: link.default(null),
  eventDate: z.string().date().nullable().default(null),
  countryCode: z.string().length(2).nullable().default(null),
  published: z.boolean().default(true),
  text: cmsTextSchema,
});
export type CmsWrite = z.input<typeof cmsWriteSchema>;

export const CMS_API_ROUTES = {
  'GET /cms/': 'PUBLIC',
  'GET /cms/image/:key': 'PUBLIC',
  'GET /v2/cms/byType/:type': 'PUBLIC',
  'GET /v2/cms/:id': 'PUBLIC',
  'PUT /v2/cms/:id': STAFF,
  'POST /v2/cms': STAFF,
  'DELETE /v2/cms/:id': STAFF,
  'POST /v2/cms/upload/:x': STAFF,
} as const satisfies Record<string, Access>;
