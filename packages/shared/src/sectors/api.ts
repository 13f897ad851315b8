import { z } from 'zod';

/** The spec's texts for adding a service (its message catalogue), kept in its wording and spelling. */
export const SECTORS_MESSAGES = {
  serviceAdded: 'the service has been added successfully',
  serviceAddFailed: 'Somthing went wrong!',
  required: 'required',
  gatsNoData: 'Error there is no data',
  gatsNoRecords: 'No records',
} as const;

/** Reasons a refused add-service or import carries in the error's `code` field. */
export const SECTORS_ERROR_CODES = [
  'REQUIRED',
  'UNKNOWN_SCHEME',
  'UNKNOWN_PARENT',
  'DUPLICATE_CODE',
  'INVALID_CODE',
  'CODE_OUTSIDE_PARENT',
  'IMPORT_REFUSED',
] as const;
export type SectorsErrorCode = (typeof SECTORS_ERROR_CODES)[number];

const required = (max: number) =>
  z.string({ error: SECTORS_MESSAGES.required }).trim().min(1, SECTORS_MESSAGES.required).max(max);

/** POST /add-services: parent level, title and code are each required. */
export const addServiceSchema = z.object({
  title: required(500),
  /** The new node's code. */
  value: required(40),
  /** W120 / W_120, CPC_PROV, CPC21 (default W_120). */
  sectorType: z.string().trim().max(20).optional(),
  /** `value` of the parent node. */
  servicesParent: required(40),
});
export type AddServiceBody = z.infer<typeof addServiceSchema>;

/** Query of GET /arrays and GET /arrays-filter; unknown values are refused by the handler with 400. */
export const arraysQuerySchema = z.object({
  scheme: z.string().max(20).optional(),
  sectorType: z.string().max(20).optional(),
  lang: z.string().max(10).optional(),
  services: z.string().max(200).optional(),
});

/** One GATS commitment row, the columns of the View GATS table and of the import spreadsheets. */
export const gatsRowSchema = z.object({
  id: z.number().int(),
  Member: z.string(),
  SectorCode: z.string(),
  SectorName: z.string(),
  SectorText: z.string(),
  MA1: z.string(),
  MA2: z.string(),
  MA3: z.string(),
  MA4: z.string(),
  NT1: z.string(),
  NT2: z.string(),
  NT3: z.string(),
  NT4: z.string(),
  Source: z.string(),
});
export type GatsRow = z.infer<typeof gatsRowSchema>;

/** The spreadsheet columns the importer requires, in order. */
export const GATS_COLUMNS = [
  'Member',
  'SectorCode',
  'SectorName',
  'SectorText',
  'MA1',
  'MA2',
  'MA3',
  'MA4',
  'NT1',
  'NT2',
  'NT3',
  'NT4',
  'Source',
] as const;

/** Most rows one filter answer carries; `truncated` says when there were more. */
export const GATS_FILTER_LIMIT = 5000;

/** POST /gats/filter and /gats/export: services (W/120 or CPC codes) and countries (member names); empty = all. */
export const gatsFilterSchema = z.object({
  services: z.array(z.string().trim().max(200)).max(500).default([]),
  countries: z.array(z.string().trim().max(200)).max(300).default([]),
});
export type GatsFilter = z.infer<typeof gatsFilterSchema>;

export const gatsFilterResultSchema = z.object({
  excelData: z.array(gatsRowSchema),
  total: z.number().int(),
  truncated: z.boolean(),
});
export type GatsFilterResult = z.infer<typeof gatsFilterResultSchema>;

/** GET /gats: browse by member and sector, paged. */
export const gatsListQuerySchema = z.object({
  member: z.string().trim().max(200).optional(),
  sector: z.string().trim().max(40).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(500).default(50),
});

/** The answer of GET /gats: one page of rows and the total of the filter. */
export const gatsPageSchema = z.object({
  items: z.array(gatsRowSchema),
  total: z.number(),
  page: z.number(),
  size: z.number(),
});
export type GatsPage = z.infer<typeof gatsPageSchema>;

export const gatsMemberSchema = z.object({
  id: z.string(),
  member: z.string(),
  count: z.number().int(),
  sectors: z.array(z.string()),
});
export type GatsMember = z.infer<typeof gatsMemberSchema>;

/** GET /gats/{id}: one member and its commitments. */
export const gatsMemberCommitmentsSchema = gatsMemberSchema.extend({ rows: z.array(gatsRowSchema) });
export type GatsMemberCommitments = z.infer<typeof gatsMemberCommitmentsSchema>;

/** What an import did, or would have done: refused rows are listed with their spreadsheet row number. */
export const gatsImportReportSchema = z.object({
  fileName: z.string(),
  total: z.number().int(),
  inserted: z.number().int(),
  unchanged: z.number().int(),
  refused: z.array(z.object({ row: z.number().int(), reason: z.string() })),
  refusedCount: z.number().int(),
  imported: z.boolean(),
});
export type GatsImportReport = z.infer<typeof gatsImportReportSchema>;

/** URL id of a member's GATS page: lower case, accents removed, words joined by '-'. */
export function gatsMemberId(member: string): string {
  return member
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Whether a GATS row comes from the demo set (data/reference/gats-demo.csv, whose Source says ILLUSTRATIVE): screens
 * say it is illustrative, not a WTO text, wherever such rows show.
 */
export function isIllustrativeGatsSource(source: string): boolean {
  return /^ILLUSTRATIVE\b/i.test(source.trim());
}
