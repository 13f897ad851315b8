/** The spec's business constants. */
export const REGION_NAME = 'African Union';
export const LANGUAGES = ['en', 'fr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Interface languages a profile can hold (the spec's data model: en or fr); ar is for translation and display. */
export const PROFILE_LANGUAGES = ['en', 'fr', 'ar'] as const;
export const TITLE_PREFIXES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Dr', 'Prof'] as const;
export type TitlePrefix = (typeof TITLE_PREFIXES)[number];

export const IDLE_TIMEOUT_MS = 1_800_000;
export const IDLE_COUNTDOWN_SECONDS = 30;
export const NOTIFICATION_POPOVER_SIZE = 20;
export const COMPARE_MAX_COUNTRIES = 4;
export const NARROW_BREAKPOINT_PX = 900;
export const SHOW_MORE_LIMIT = 100;

/** Home settings defaults (the spec's data model). */
export const HOME_DEFAULT_COLOURS = {
  buttonBackColor: '#599cff',
  buttonColor: '#ffffff',
  mainTextColor: '#000000',
  secondaryTextColor: '#599cff',
  underline: '#ff9800',
  linkColor: '#599cff',
} as const;

/**
 * Generic error codes carried beside messages in error envelopes; the cases clients tell apart have their own code in
 * ERROR_CATALOGUE (errors.ts), and `ErrorCode` is both.
 */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'BUSINESS_RULE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  /** A translation was asked but no machine translation service (TRANSLATE_URL) is configured. */
  'TRANSLATION_NOT_CONFIGURED',
  /** A document (PDF, DOCX, XLSX) could not be made; the request may be tried again. */
  'DOCUMENT_FAILED',
  /** Too many documents are being made: try again after Retry-After. */
  'DOCUMENT_BUSY',
  'INTERNAL',
] as const;
