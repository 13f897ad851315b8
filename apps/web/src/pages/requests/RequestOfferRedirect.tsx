import { Navigate, useParams } from 'react-router';

/**
 * Where a /request-offer address leads. The spec names these routes but no request calls: in this portal a country
 * answers another's offer with a counter offer. So /request-offer opens the offer list, whose counter-offers panel
 * lists them; /request-offer/:id answers offer :id (/response-offer/:id); /request-offer/:id/:requestId shows the
 * counter offer :requestId (/view-response-offer/:requestId).
 */
export function requestOfferTarget(params: { id?: string; requestId?: string }): string {
  if (params.id && params.requestId) return `/view-response-offer/${encodeURIComponent(params.requestId)}`;
  if (params.id) return `/response-offer/${encodeURIComponent(params.id)}`;
  return '/offers';
}

export default function RequestOfferRedirect() {
  return <Navigate to={requestOfferTarget(useParams())} replace />;
}
