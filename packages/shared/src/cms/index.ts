import { z } from 'zod';
import { LANGUAGES } from '../constants.js';
import { FILE_KEY_PATTERN } from '../files/index.js';

/**
 * The kinds of content the secretariat manages, one per CMS screen of the spec: home page sections,
 * events, insights, contacts, FAQs (internal and external), country information, about, and the legal and
 * regulatory texts of /legislation.
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
  'LEGISLATION',
] as const;
export const cmsTypeSchema = z.enum(CMS_TYPES);
export type CmsType = z.infer<typeof cmsTypeSchema>;

/** The refusals of the CMS calls. */
export const CMS_MESSAGES = {
  /** A document key that is not a PDF the secretariat uploaded (e.g. someone's chat attachment). */
  invalidDocument: 'The document must be a PDF uploaded through the content management (Upload document).',
  /** An image key that is not a PNG or JPG the secretariat uploaded (public pages would serve it to anyone). */
  invalidImage: 'The image must be a PNG or JPG uploaded through the content management.',
  /** Two editors of one entry: the second save would overwrite the first. */
  conflict: 'Someone else saved this entry while you were editing it. Reload it to see their changes, then edit again.',
} as const;

/** Content types only signed-in users may read: the internal FAQ and the legislation texts. */
export const SIGNED_IN_CMS_TYPES: readonly CmsType[] = ['FAQ', 'LEGISLATION'];

/** Content types anyone may read. */
export const PUBLIC_CMS_TYPES: readonly CmsType[] = CMS_TYPES.filter((t) => !SIGNED_IN_CMS_TYPES.includes(t));

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
  /** An attached PDF in the file store (legislation texts), downloaded at /api/file/aws/download/{key} when signed in. */
  document: z.string().nullable(),
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

const link = z
  .union([
    z.literal(''),
    z
      .string()
      .max(500)
      .refine((u) => /^(https?:\/\/|\/)/.test(u), 'an http(s) address or a path'),
  ])
  .nullable();

/** Creating or changing an entry; the text is for the language named by ?lng. */
export const cmsWriteSchema = z.object({
  type: cmsTypeSchema,
  position: z.number().int().min(0).max(10_000).default(0),
  /** Key of a PNG or JPG uploaded with POST /v2/cms/upload/{x} by the secretariat; the server checks the stored file. */
  image: z.string().max(200).regex(FILE_KEY_PATTERN, CMS_MESSAGES.invalidImage).nullable().default(null),
  link: link.default(null),
  eventDate: z.string().date().nullable().default(null),
  countryCode: z.string().length(2).nullable().default(null),
  /** Key of a PDF uploaded with POST /v2/cms/upload/document by the secretariat; the server checks the stored file. */
  document: z.string().max(200).regex(FILE_KEY_PATTERN, CMS_MESSAGES.invalidDocument).nullable().default(null),
  published: z.boolean().default(true),
  text: cmsTextSchema,
  /**
   * The entry's updatedAt as the editor read it: when someone saved it since, the change is refused (409 CMS_CONFLICT)
   * instead of overwriting theirs. Left out, the change is taken as is (the spec's own body has no revision).
   */
  updatedAt: z.iso.datetime().optional(),
});
export type CmsWrite = z.input<typeof cmsWriteSchema>;

export { CMS_API_ROUTES } from './api-routes.js';
