import { z } from 'zod';
import { EMAIL_PATTERN, PROFILE_MESSAGES, passwordSchema } from '../profile/index.js';

/** How long a reset link stays valid. */
export const PASSWORD_RESET_MINUTES = 30;

/** The wording of the forgotten-password screens (the spec names the routes only). */
export const PASSWORD_RESET_MESSAGES = {
  /** The one answer to a request, whether or not the address has an account. */
  linkSent: `If an account exists for this address, a link to choose a new password has been sent to it. The link is valid for ${PASSWORD_RESET_MINUTES} minutes.`,
  done: 'Your password has been reset. Sign in with your new password.',
  invalidLink: 'This password reset link is not valid: it has expired or has already been used.',
  passwordsShouldMatch: 'Passwords should match',
} as const;

/** POST /password/forgot: the address to send a reset link to. */
export const passwordForgotSchema = z.object({
  email: z
    .string({ error: PROFILE_MESSAGES.invalidEmail })
    .trim()
    .toLowerCase()
    .max(320)
    .regex(EMAIL_PATTERN, PROFILE_MESSAGES.invalidEmail),
});
export type PasswordForgot = z.infer<typeof passwordForgotSchema>;

/** POST /password/reset: the token of the mailed link and the new password (the spec's password rules). */
export const passwordResetSchema = z
  .object({
    token: z.string().min(10).max(200),
    newPassword: passwordSchema,
    confirmPassword: z
      .string({ error: PROFILE_MESSAGES.pleaseInputPassword })
      .min(1, PROFILE_MESSAGES.pleaseInputPassword)
      .max(256),
  })
  .refine((p) => p.newPassword === p.confirmPassword, {
    message: PASSWORD_RESET_MESSAGES.passwordsShouldMatch,
    path: ['confirmPassword'],
  });
export type PasswordReset = z.infer<typeof passwordResetSchema>;

export { PASSWORD_RESET_API_ROUTES } from './api-routes.js';
