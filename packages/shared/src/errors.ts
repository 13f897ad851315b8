import { BACKOFFICE_MESSAGES } from './backoffice/index.js';
import { CHAT_MESSAGES } from './chat/index.js';
import { CMS_MESSAGES } from './cms/index.js';
import { ERROR_CODES } from './constants.js';
import { MESSAGES } from './messages.js';
import { NEWSLETTER_MESSAGES } from './newsletter/index.js';
import { SECTOR_RULE_MESSAGES } from './offers/sector-rules.js';
import { PASSWORD_RESET_MESSAGES } from './password-reset/index.js';
import { PROFILE_MESSAGES } from './profile/index.js';
import { REQUEST_MESSAGES } from './requests/index.js';
import { COVERAGE_MESSAGES } from './coverage/index.js';
import { RESPONSE_MESSAGES } from './responses/index.js';

/**
 * The refusals clients tell apart, one code per case: its HTTP status and its English message (the wording of
 * the spec's message catalogue, where it gives one). The server throws them with `refusal(code)`; the web app
 * shows the text of `errors.<CODE>` in the interface language, so rewording a message here never breaks its
 * translation.
 */
export const ERROR_CATALOGUE = {
  /** The offer's edit lease is held by another user. */
  NOT_OPEN: { status: 409, message: MESSAGES.offerAlreadyOpened },
  /**
   * The offer's edit lease is held by the same user in another session (browser, machine): opening or saving here is
   * refused, and POST /offers/:id/takeover moves the lease here.
   */
  OFFER_OPEN_IN_OTHER_SESSION: { status: 409, message: MESSAGES.offerOpenInOtherSession },
  /** A save or decision on a revision someone else has changed since. */
  OFFER_STALE: { status: 409, message: MESSAGES.offerStale },
  /** An edit, submission or decision on an offer already FINAL_OFFER. */
  OFFER_FINAL: { status: 422, message: MESSAGES.offerFinalized },
  /** A counter offer on (or sent after) the offer's finalization. */
  OFFER_FINALIZED: { status: 409, message: RESPONSE_MESSAGES.offerFinalized },
  /** A draft counter offer sent after the offer it answers was revised. */
  COUNTER_OFFER_OUTDATED: { status: 409, message: RESPONSE_MESSAGES.outdated },
  /** A decision on an entry of a counter offer not sent yet (a focal point's draft). */
  COUNTER_OFFER_NOT_SENT: { status: 409, message: RESPONSE_MESSAGES.notSent },
  /** A decision by anyone but the answering country's chief negotiator or focal point. */
  COUNTER_OFFER_NOT_YOURS: { status: 403, message: RESPONSE_MESSAGES.notYoursToAnswer },
  /** A key that names no entry of the counter offer. */
  ENTRY_NOT_FOUND: { status: 404, message: RESPONSE_MESSAGES.entryNotFound },
  /** Someone else decided the entry first (two people at once): the answer carries the entry as it now stands. */
  ENTRY_DECIDED_MEANWHILE: { status: 409, message: RESPONSE_MESSAGES.decidedMeanwhile },
  /** Accepting an entry whose sector or row the draft no longer has. */
  ENTRY_NOT_IN_DRAFT: { status: 409, message: RESPONSE_MESSAGES.notInDraft },
  COUNTRY_INACTIVE: { status: 422, message: MESSAGES.countryInactive },
  OFFER_NOT_AWAITING_REVIEW: { status: 422, message: MESSAGES.offerNotAwaitingReview },
  OFFER_SUBMIT_NOT_ALLOWED: { status: 422, message: MESSAGES.offerSubmitNotAllowed },
  OFFER_CANNOT_SUBMIT: { status: 422, message: MESSAGES.offerCannotSubmit },
  OFFER_ALREADY_EXISTS: { status: 409, message: MESSAGES.offerAlreadyExists },
  OFFER_COUNTRY_REQUIRED: { status: 400, message: MESSAGES.offerCountryRequired },
  OFFER_NO_COUNTRY: { status: 403, message: MESSAGES.offerNoCountry },
  // The token endpoint answers as RFC 6749 section 5.2 says (modules/auth/oauth-errors.ts): 400 for a refused grant,
  // 401 with WWW-Authenticate for a refused client; these codes travel beside the standard `error`.
  BAD_CREDENTIALS: { status: 400, message: MESSAGES.badCredentials },
  BAD_CODE: { status: 400, message: MESSAGES.badCode },
  /** The client credentials of a token request (HTTP Basic, form-encoded id and secret) are missing or wrong. */
  INVALID_CLIENT: { status: 401, message: MESSAGES.badClient },
  /** A token request whose grant_type is neither mfa nor refresh_token. */
  UNSUPPORTED_GRANT_TYPE: { status: 400, message: 'Unsupported grant type.' },
  ACCOUNT_DISABLED: { status: 403, message: MESSAGES.accountDisabled },
  INVALID_CURRENT_PASSWORD: { status: 400, message: MESSAGES.invalidCurrentPassword },
  PASSWORD_SAME_AS_CURRENT: { status: 400, message: 'The new password must differ from the current one.' },
  /** Failed sign-ins on this address: a solved proof-of-work challenge must come with the next attempt. */
  SIGN_IN_CHALLENGE: { status: 400, message: MESSAGES.signInChallenge },
  /** Failed sign-ins from this client address: the next attempt waits (Retry-After). */
  SIGN_IN_DELAYED: { status: 429, message: MESSAGES.signInDelayed },
  PASSWORD_RESET_INVALID_LINK: { status: 400, message: PASSWORD_RESET_MESSAGES.invalidLink },
  /** The message may name the addresses after it: `<message> (a@x.org, b@y.org)`. */
  EMAIL_TAKEN: { status: 409, message: PROFILE_MESSAGES.emailTaken },
  EMAIL_ENTERED_TWICE: { status: 400, message: 'The same email address is entered twice.' },
  ROLE_NOT_INVITABLE: { status: 403, message: PROFILE_MESSAGES.roleNotInvitable },
  INVITATION_INVALID: { status: 404, message: PROFILE_MESSAGES.invitationInvalid },
  CHAT_TITLE_REQUIRED: { status: 400, message: CHAT_MESSAGES.titleRequired },
  CHAT_PARTICIPANTS_REFUSED: { status: 400, message: 'Every participant must be an approved user' },
  CHAT_ALREADY_MEMBER: { status: 409, message: CHAT_MESSAGES.alreadyMember },
  CHAT_ROOM_NOT_FOUND: { status: 404, message: 'Room not found' },
  CHAT_USER_NOT_FOUND: { status: 404, message: 'User not found' },
  /** A message named by id (read up to, searched, edited) that is not in the room. */
  CHAT_MESSAGE_NOT_FOUND: { status: 404, message: 'Message not found' },
  /** Editing or deleting a message one did not write (or a join/exit line). */
  CHAT_MESSAGE_NOT_YOURS: { status: 403, message: 'Only its sender can edit or delete a message.' },
  /** Editing or deleting a message already deleted. */
  CHAT_MESSAGE_DELETED: { status: 422, message: 'This message was deleted.' },
  /** Adding a user of a third country to a negotiation room; the server's message names the two countries. */
  ROOM_BILATERAL: { status: 422, message: CHAT_MESSAGES.bilateral },
  /** Leaving a negotiation room one is in by one's country. */
  ROOM_CANNOT_LEAVE: { status: 422, message: CHAT_MESSAGES.cannotLeave },
  /** Removing a participant without being the room's creator (or the secretariat, in a negotiation room). */
  ROOM_REMOVE_FORBIDDEN: { status: 403, message: CHAT_MESSAGES.removeForbidden },
  /** Removing a user of one of the two countries from their negotiation room. */
  ROOM_CANNOT_REMOVE: { status: 422, message: CHAT_MESSAGES.cannotRemove },
  /** Removing a user who was not added to the room. */
  ROOM_NOT_A_MEMBER: { status: 404, message: CHAT_MESSAGES.notMember },
  CAPTCHA_REQUIRED: { status: 400, message: BACKOFFICE_MESSAGES.captchaRequired },
  CAPTCHA_INVALID: { status: 400, message: BACKOFFICE_MESSAGES.captchaInvalid },
  /** A newsletter confirmation or unsubscribe link that is unknown, replaced, or (confirmation only) expired. */
  NEWSLETTER_TOKEN_INVALID: { status: 400, message: NEWSLETTER_MESSAGES.tokenInvalid },
  /** More uploads in a minute than UPLOAD_PER_MINUTE allows. */
  UPLOAD_RATE_LIMITED: { status: 429, message: 'Too many files uploaded in a minute. Please wait a moment.' },
  /** More than UPLOAD_DAILY_MB uploaded in 24 hours. */
  UPLOAD_QUOTA_EXCEEDED: {
    status: 429,
    message: 'You have uploaded as much as is allowed in 24 hours. Please try again later.',
  },
  /** The user already holds their share of the document queue (3 being made or waiting): Retry-After. */
  DOCUMENTS_PER_USER: {
    status: 429,
    message: 'You already have several documents being prepared. Please wait for them, then try again.',
  },
  /** The file store has no space left. */
  STORAGE_FULL: {
    status: 507,
    message: 'The portal cannot store files at the moment (storage full). Please try again later.',
  },
  CANNOT_DISABLE_SELF: { status: 422, message: BACKOFFICE_MESSAGES.cannotDisableSelf },
  /** A new password below the meter's Good, or on the common-password list (password-strength/index.ts). */
  PASSWORD_TOO_WEAK: {
    status: 400,
    message: 'This password is too easy to guess: choose a longer one that is not a common word or pattern.',
  },
  /** More invitations than INVITATIONS_PER_DAY from one inviter in 24 hours; the message ends with what is left. */
  INVITATIONS_LIMIT: {
    status: 429,
    message: 'You have sent as many invitations as are allowed in 24 hours. Try again tomorrow.',
  },
  /** A NUL character or an unpaired surrogate in a parameter, a query or a body (it cannot be stored as text). */
  MALFORMED_INPUT: {
    status: 400,
    message: 'The request contains a character that cannot be stored (a NUL character or a broken Unicode character).',
  },
  /** A body nested deeper than any document of the portal. */
  INPUT_TOO_DEEP: { status: 400, message: 'The request body is nested too deeply.' },
  /** A profile language other than the interface's (PUT /profile/language). */
  LANGUAGE_UNSUPPORTED: {
    status: 400,
    message: 'The portal is available in English (en), French (fr) and Arabic (ar) only.',
  },

  /**
   * A sector repeated in one offer (the same services with the same CPC codes): refused by the input schemas, so
   * stored offers that hold one still load and print. The message ends with the sector's codes: `<message> (1.A.a)`.
   */
  SECTOR_DUPLICATE: { status: 400, message: SECTOR_RULE_MESSAGES.duplicate },

  // Requests: a country asks another to bind sectors of its conditional offer.
  /** A request to one's own country's offer. */
  REQUEST_OWN_COUNTRY: { status: 422, message: REQUEST_MESSAGES.ownCountry },
  /** A request to an offer with no submitted version (its country has no conditional offer). */
  REQUEST_NO_CONDITIONAL_OFFER: { status: 404, message: REQUEST_MESSAGES.noConditionalOffer },
  /** A request to (or sent after) the offer's finalization. */
  REQUEST_OFFER_FINALIZED: { status: 409, message: REQUEST_MESSAGES.offerFinalized },
  /** A requested sector names a service the classification does not hold; the message ends with its code. */
  REQUEST_UNKNOWN_SECTOR: { status: 422, message: REQUEST_MESSAGES.unknownSector },
  /** submitted: true from one who may not send in the country's name (a focal point). */
  REQUEST_SEND_NOT_ALLOWED: { status: 422, message: REQUEST_MESSAGES.sendNotAllowed },
  /** An edit of a request already sent. */
  REQUEST_NOT_DRAFT: { status: 409, message: REQUEST_MESSAGES.notDraft },
  /** Withdrawing or answering again a request already answered. */
  REQUEST_ANSWERED: { status: 409, message: REQUEST_MESSAGES.answered },
  /** Acting on a request its country withdrew. */
  REQUEST_WITHDRAWN: { status: 409, message: REQUEST_MESSAGES.withdrawn },
  /**
   * An answer from someone who sees the request but is not of the requested country (the secretariat, the requester).
   */
  REQUEST_NOT_REQUESTED_COUNTRY: { status: 403, message: REQUEST_MESSAGES.notRequestedCountry },
  /** An edit, sending or withdrawal by someone who sees the request but is not of the requesting country. */
  REQUEST_NOT_REQUESTING_COUNTRY: { status: 403, message: REQUEST_MESSAGES.notRequestingCountry },
  /** An answer naming a version the offer requested does not have. */
  REQUEST_ANSWER_VERSION_UNKNOWN: { status: 422, message: REQUEST_MESSAGES.answerVersionUnknown },
  /** An answer naming a counter offer that is not the requested country's, sent to the requesting country's offer. */
  REQUEST_ANSWER_RESPONSE_UNKNOWN: { status: 422, message: REQUEST_MESSAGES.answerResponseUnknown },
  /** "Discuss" on a draft: the other country does not see it yet. */
  REQUEST_DRAFT_NOT_DISCUSSED: { status: 409, message: REQUEST_MESSAGES.draftNotDiscussed },

  // Coverage.
  /** A coverage filter naming a country code no member has. */
  COVERAGE_UNKNOWN_COUNTRY: { status: 400, message: COVERAGE_MESSAGES.unknownCountry },
  /** A coverage filter naming a region code the bloc does not have. */
  COVERAGE_UNKNOWN_REGION: { status: 400, message: COVERAGE_MESSAGES.unknownRegion },
  /** GATS+ of a country with no submitted version of its offer. */
  COVERAGE_NO_OFFER: { status: 404, message: COVERAGE_MESSAGES.noOffer },

  // Administrators and invitations.
  /** Deactivating (or giving another role to) the only active administrator. */
  LAST_ADMIN: { status: 409, message: BACKOFFICE_MESSAGES.lastAdmin },
  /** The secretariat acting on an administrator's account. */
  ADMIN_ACCOUNT_PROTECTED: { status: 403, message: BACKOFFICE_MESSAGES.adminAccountProtected },
  /** Resending or cancelling an invitation whose account is no longer PENDING (accepted, or deactivated). */
  INVITATION_NOT_PENDING: { status: 409, message: PROFILE_MESSAGES.invitationNotPending },

  // Role and country changes (PUT /users/:id/role).
  /** A role the actor may not give (the secretariat giving a staff or advisor role). */
  ROLE_NOT_ASSIGNABLE: { status: 403, message: BACKOFFICE_MESSAGES.roleNotAssignable },
  /** The secretariat changing the role of a secretariat or regional advisor account. */
  ROLE_CHANGE_NOT_ALLOWED: { status: 403, message: BACKOFFICE_MESSAGES.roleChangeNotAllowed },
  /** A chief negotiator or focal point without a country. */
  ROLE_COUNTRY_REQUIRED: { status: 422, message: BACKOFFICE_MESSAGES.roleCountryRequired },
  /** A country given with a role that has none (administrator, secretariat, regional advisor). */
  ROLE_COUNTRY_NOT_ALLOWED: { status: 422, message: BACKOFFICE_MESSAGES.roleCountryNotAllowed },
  ROLE_COUNTRY_UNKNOWN: { status: 422, message: BACKOFFICE_MESSAGES.roleCountryUnknown },
  ROLE_COUNTRY_INACTIVE: { status: 422, message: BACKOFFICE_MESSAGES.roleCountryInactive },

  /** A CMS entry changed by someone else since the editor read it (its updatedAt differs). */
  CMS_CONFLICT: { status: 409, message: CMS_MESSAGES.conflict },

  // The logo upload of the global settings.
  LOGO_TYPE: { status: 415, message: 'The logo must be a PNG, JPG or SVG image.' },
  LOGO_TOO_LARGE: { status: 413, message: 'The logo must be at most 1 MB.' },
  /** An SVG with a script, an event handler, a link outside the image or a DTD. */
  LOGO_UNSAFE: {
    status: 422,
    message: 'This SVG cannot be used as the logo: it contains content that could run or load something.',
  },

  // Reading a schedule file (POST /offers/import, and the GATS import of the same layouts).
  /** A file that is not a .docx or .xlsx. */
  IMPORT_UNSUPPORTED_TYPE: { status: 415, message: 'Only Word (.docx) and Excel (.xlsx) schedules can be imported.' },
  /** A broken or unreadable .docx/.xlsx (not a zip, malformed XML, no document part). */
  IMPORT_UNREADABLE: { status: 422, message: 'The file cannot be read: it is damaged or not a Word or Excel file.' },
  /** A password-protected file, or a Word 97–2003 / Excel 97–2003 file. */
  IMPORT_ENCRYPTED: {
    status: 422,
    message: 'The file is password-protected or in an old format: save it as .docx or .xlsx without a password.',
  },
  /** No table with the four columns of a schedule (Sector or subsector, market access, national treatment, additional). */
  IMPORT_NOT_A_SCHEDULE: {
    status: 422,
    message:
      'No schedule found: the file needs a table with the columns Sector or subsector, Limitations on market access, ' +
      'Limitations on national treatment and Additional commitments.',
  },
  /** A file that unpacks to too much, holds too many parts (a zip bomb), or too many rows for a schedule. */
  IMPORT_TOO_LARGE: {
    status: 413,
    message: 'The file is too large to be a schedule (too much data or too many rows): split it and import the parts.',
  },

  /** A known API path called with a method it does not answer; the Allow header lists the ones it does. */
  METHOD_NOT_ALLOWED: { status: 405, message: 'This address does not accept this method.' },
} as const satisfies Record<string, { status: number; message: string }>;

/** A refusal's own case (see ERROR_CATALOGUE). */
export type CataloguedErrorCode = keyof typeof ERROR_CATALOGUE;
/** Every code an error envelope may carry: a case of the catalogue or a generic one. */
export type ErrorCode = (typeof ERROR_CODES)[number] | CataloguedErrorCode;
