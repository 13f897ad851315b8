/** The live edit channel (the spec's offer workflow): who is editing which offer, announced by the editor. */
export const OFFER_EDIT_DESTINATION = '/topic/offer-edit';

/** The body the server delivers on /topic/offer-edit (it builds it: login and name are the sender's own). */
export interface OfferEditAnnouncement {
  offerId: string;
  login: string;
  name: string;
  /** False: the editor closed the offer. */
  editing: boolean;
}

/**
 * An editor re-announces the offer it has open this often; a list forgets an editor not heard of for three times as
 * long (a closed tab that could not say goodbye).
 */
export const OFFER_EDIT_ANNOUNCE_SECONDS = 20;
export const OFFER_EDIT_FORGET_SECONDS = OFFER_EDIT_ANNOUNCE_SECONDS * 3;
