/** Validation rules of the back-office and public forms, as plain functions (the antd rules call them). */
import { EMAIL_PATTERN, HOME_DEFAULT_COLOURS } from '@portal/shared';

export const COLOUR_FIELDS = Object.keys(HOME_DEFAULT_COLOURS) as (keyof typeof HOME_DEFAULT_COLOURS)[];
export type ColourField = (typeof COLOUR_FIELDS)[number];
export const LINK_FIELDS = ['linkedinLink', 'facebookLink', 'twitterLink'] as const;

/** The settings rules are the server's own (packages/shared settings-rules.ts). */
export { isHexColour, isHttpLink, isLogoAddress } from '@portal/shared';

/** The spec's basic address pattern (newsletter, contact form). */
export const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

export interface ContactValues {
  firstName: string;
  lastName: string;
  companyName?: string;
  subject: string;
  email: string;
  message: string;
}

/** The contact form's fields with a problem: required ones left blank, and an address that does not look like one. */
export function contactFormProblems(
  values: Partial<ContactValues>,
): Partial<Record<keyof ContactValues, 'required' | 'email'>> {
  const problems: Partial<Record<keyof ContactValues, 'required' | 'email'>> = {};
  for (const field of ['firstName', 'lastName', 'subject', 'email', 'message'] as const) {
    if (!values[field]?.trim()) problems[field] = 'required';
  }
  if (!problems.email && !isEmail(values.email ?? '')) problems.email = 'email';
  return problems;
}

/** The contact message as sent: trimmed, the company optional. */
export function toContactBody(values: ContactValues) {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    companyName: values.companyName?.trim() ?? '',
    subject: values.subject.trim(),
    email: values.email.trim(),
    message: values.message.trim(),
  };
}
