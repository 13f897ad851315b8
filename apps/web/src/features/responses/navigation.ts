/** What other screens pass to /response-offer/:id in navigation state: the responding country (default: the user's). */
export interface ResponseOfferState {
  countryCode?: string;
}

/** What saving passes to /view-response-offer/:id when the counter offer was saved but its PDF not attached: why. */
export interface ViewResponseOfferState {
  pdfError?: string;
}
