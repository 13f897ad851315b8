/** What other screens pass to /response-offer/:id in navigation state: the responding country (default: the user's). */
export interface ResponseOfferState {
  countryCode?: string;
}
