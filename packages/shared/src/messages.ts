import { OFFER_LIMITS } from './offers/limits.js';

/** The spec's message catalogue, kept in its own wording: the server sends these texts. */
export const MESSAGES = {
  genericError: 'Sorry, something went wrong. Please try again later.',
  unavailable: 'The portal cannot answer for a moment. Please try again in a few seconds.',
  offerError: 'An error occurred, please refresh the page',
  offerAlreadyOpened: 'Offer already opened by another user',
  offerOpenInOtherSession:
    'This offer is open in your other session (another browser or machine). Take it over here to edit it here; the other session then becomes read-only.',
  offerSubmitted: 'Thank you, Your Offer has been submitted successfully',
  accessDenied: "Error 403 - Access Denied, we are sorry, but you don't have access to this page",
  loginAgain: 'Please login again.',
  badCredentials: 'Invalid email or password.',
  badCode: 'Invalid or expired verification code.',
  signInChallenge: 'Several sign-ins to this address failed: your browser is checked before the next attempt.',
  signInDelayed: 'Too many failed sign-ins from your network. Please wait a moment before trying again.',
  accountDisabled: 'Your account is not active. Contact the secretariat.',
  badClient: 'Invalid client credentials.',
  unauthorized: 'UNAUTHORIZED',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  notFound: 'Not found',
  invalidCurrentPassword: 'Invalid Current Password,Try again using the correct password.',
  passwordChanged: 'Your password has been changed successfully.',
  passwordsShouldMatch: 'Passwords should match',
  offerFinalized: "Your offer has been finalized, you can't edit or finalize it again",
  countryInactive: "Cannot verify/reply/send back the offer, the country isn't active",
  offerStale:
    'This offer was changed by someone else since you opened it. Reload it to see the latest version; your changes are kept in this browser.',
  offerCannotSubmit:
    'This offer cannot be submitted now: the secretariat has not yet decided on the version already submitted.',
  offerSubmitNotAllowed: 'Only the chief negotiator of the country can submit its offer to the secretariat.',
  offerNotAwaitingReview: 'There is no submitted version awaiting a decision.',
  offerAlreadyExists: 'This country already has an offer.',
  offerCountryRequired: 'Choose the country this offer is for.',
  offerNoCountry: 'Your account has no country, so it cannot hold an offer.',
  offerTooManySectors: `This offer would hold more than ${OFFER_LIMITS.sectors} sectors once each sector with several provisional or CPC codes is split into one sector per code. Choose fewer codes or fewer sectors.`,
} as const;
