/**
 * The refusal statuses a route answers beyond those every route of its kind does (document.ts: 400 and 503 for all,
 * 401 and 403 unless PUBLIC, 404 with a path parameter, 413 and 415 with a body, 429 with a rate limit). Keyed as the
 * permission table is (`METHOD /path/:param`). The contract test (contract.test.ts and the API tests through
 * test/harness.ts) fails on an answered status that is missing here.
 */
export const ROUTE_REFUSALS: Record<string, number[]> = {
  // Sign-in and profile
  'PUT /profile': [409],
  'POST /profile/reset': [409],
  'POST /profile/invite': [422, 429],
  'POST /profile/invitations/:userId/resend': [409, 429],
  'DELETE /profile/invitations/:userId': [409],
  'GET /profile/invitation': [404],
  'POST /profile/register': [404, 409],
  'POST /password/reset': [403],

  // Offers
  'POST /offers': [409, 422],
  'POST /offers/import': [413, 415, 422, 429],
  'PUT /offers/:id': [409, 422],
  'GET /offers/checkOpenOffer/:id': [409, 422],
  'POST /offers/:id/takeover': [409, 422],
  'POST /offers/:id/validate': [409, 422],
  'POST /offers/:id/finalize': [409, 422],
  'POST /offers/:id/return': [409, 422],
  'POST /offers/translateOffer': [422],
  'POST /offers/translateOfferById': [404, 422],
  'GET /offers/:id/export': [413, 429],
  'GET /offers/:id/compare/export': [413, 429],

  // Counter offers
  'POST /response-offer/:id': [409, 422],
  'POST /response-offer/:id/send': [409, 422],
  'POST /response-offer/file/:id': [409, 422, 429],
  'PUT /response-offer/:id/entries/:key': [409, 422],
  'POST /response-offer/:id/entries/:key/discuss': [409, 422],
  'GET /response-offer/:id/export': [413, 429],

  // Requests
  'POST /request-offer/:offerId': [409, 422],
  'PUT /request-offer/:offerId/:requestId': [409, 422],
  'POST /request-offer/:offerId/:requestId/answer': [409, 422],
  'POST /request-offer/:offerId/:requestId/withdraw': [409, 422],
  'POST /request-offer/:offerId/:requestId/discuss': [409, 422],

  // Coverage
  'GET /coverage/gats-plus': [404],

  // Chat
  'POST /chats/addRomes': [409, 422],
  'POST /chats/addRoomOffer/:offerId': [409, 422],
  'POST /chats/addInviteUser': [404, 409, 422],
  'POST /chats/removeUser': [404, 422],
  'POST /chats/leaveRoom/:roomId': [422],
  'PUT /chats/message/:messageId': [422],
  'DELETE /chats/message/:messageId': [422],
  'GET /chats/message/translate': [404, 422],

  // Accounts, settings, content
  'PUT /users/:id/status': [409, 422],
  'PUT /users/:id/role': [409, 422],
  // Public pages of a type visitors may not read (the members' pages) answer 401, as signing in may open them.
  'GET /cms/': [401],
  'GET /v2/cms/byType/:type': [401],
  'GET /v2/cms/:id': [401],
  'PUT /v2/cms/:id': [409],
  'POST /v2/cms/upload/:x': [413, 415, 429, 507],
  'POST /home/logo': [413, 415, 422],

  // Files
  'POST /file': [413, 415, 429, 507],
  // A chat attachment still referenced by a message cannot be deleted.
  'DELETE /file/:fileKey': [409],
  'POST /file/': [413, 415, 429, 507],
  'POST /filemanager-ms/aws/': [413, 415, 429, 507],
  'POST /gats/import': [413, 415, 422],
  'POST /add-services': [404, 409],
};

/**
 * POST /oauth/token answers OAuth clients as RFC 6749 section 5.2 says (its own OAuthError, not a Refusal): a bad
 * request or grant 400, a bad client 401 with WWW-Authenticate, a body refused by HTTP 413/415, too many attempts 429,
 * the database out of reach 503.
 */
export const TOKEN_ROUTE = {
  key: 'POST /oauth/token',
  statuses: [400, 401, 413, 415, 429, 503],
  descriptions: {
    400: 'invalid_request (a missing field, a challenge to solve), invalid_grant (bad credentials or code, a disabled account, an unusable refresh token), unsupported_grant_type.',
    401: 'invalid_client: the client id or secret is wrong (WWW-Authenticate names the scheme).',
    413: 'invalid_request: the body is too large.',
    415: 'invalid_request: the body is not a form.',
    429: 'temporarily_unavailable: too many attempts; wait for Retry-After.',
    503: 'temporarily_unavailable: the database is out of reach; wait for Retry-After.',
  } as Record<number, string>,
};
