/** The basic address pattern of the spec's forms (a module of its own: the first page needs it without zod). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
