import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { ERROR_CATALOGUE, REQUEST_MESSAGES, type RequestBody, type Sector } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument, countryOffer, sectorWith, type CountryOffer } from '../../../test/offer-factory.js';
import { auditLogs, offerRequests } from '../../db/schema/index.js';
import { until } from '../../../test/until.js';

let t: TestApp;
type Signed = Awaited<ReturnType<typeof userWithToken>>;
/** Kenya's offer is asked of; Senegal asks; Ghana is a third country; staff is the secretariat. */
let ke: CountryOffer, sn: CountryOffer, gh: Signed, staff: Signed, advisor: Signed, keFrench: Signed;

beforeAll(async () => {
  t = await startTestApp();
  ke = await countryOffer(t, 'KE', 'submitted');
  sn = await countryOffer(t, 'SN', 'submitted');
  gh = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
  staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
  advisor = await userWithToken(t, { role: 'REGIONAL_ADVISOR' });
  keFrench = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'KE', language: 'fr' });
});
afterAll(() => t.close());

/** A requested sector: a W/120 service with full market access asked in mode 3. */
function asked(code = '1.A.a', title = 'Legal Services'): Sector {
  const sector = sectorWith(code, title, { provisional_codes: [] });
  sector.sectorCommitement.limitationsMA.commercialPresence.value = 'None';
  sector.sectorCommitement.limitationsMA.commercialPresence.comment = 'Bind mode 3 without limitation.';
  return sector;
}
const body = (over: Partial<RequestBody> = {}): RequestBody => ({
  note: 'Senegal asks Kenya to bind legal and accounting services.',
  sectors: [asked(), asked('1.A.b', 'Accounting, auditing and bookeeping services')],
  submitted: false,
  ...over,
});
const path = (offerId: string, requestId?: string, tail = '') =>
  `/request-offer/${offerId}${requestId ? `/${requestId}` : ''}${tail}`;

/** Senegal's chief negotiator sends a request to Kenya's offer; its id. */
async function sentRequest(): Promise<string> {
  const res = await call(t, 'POST', path(ke.id), { token: sn.chief.token, body: body({ submitted: true }) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payload.id;
}

type Note = { kind: string; text: string; link: string };
const notificationsOf = async (token: string): Promise<Note[]> =>
  (await call(t, 'GET', '/notifications/my', { token })).body.payload.notifications;
const notified = (token: string, kind: string, link: string) =>
  until(
    () => notificationsOf(token),
    (list) => list.some((n) => n.kind === kind && n.link === link),
  ).then((list) => list.find((n) => n.kind === kind && n.link === link)!);
const refused = (code: keyof typeof ERROR_CATALOGUE) => ({
  status: ERROR_CATALOGUE[code].status,
  body: { code, message: expect.stringContaining(ERROR_CATALOGUE[code].message) },
});

describe('requests API', () => {
  it('requires authentication', async () => {
    const id = '11111111-1111-4111-8111-111111111111';
    for (const [method, url] of [
      ['GET', '/request-offer'],
      ['POST', path(ke.id)],
      ['GET', path(ke.id, id)],
      ['PUT', path(ke.id, id)],
      ['POST', path(ke.id, id, '/answer')],
      ['POST', path(ke.id, id, '/withdraw')],
    ] as const)
      expect((await call(t, method, url, { body: method === 'GET' ? undefined : body() })).status).toBe(401);
  });

  it('refuses other roles: the secretariat and advisors do not write requests, only a chief negotiator answers', async () => {
    for (const who of [staff, advisor])
      expect(await call(t, 'POST', path(ke.id), { token: who.token, body: body() })).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN' },
      });
    const id = await sentRequest();
    for (const who of [staff, ke.focal])
      expect(
        await call(t, 'POST', path(ke.id, id, '/answer'), { token: who.token, body: { note: 'Noted.' } }),
      ).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await call(t, 'GET', '/request-offer', { token: advisor.token })).body.payload).toEqual({
      sent: [],
      received: [],
    });
  });

  it("a focal point drafts; the draft is Senegal's own until its chief negotiator sends it", async () => {
    const draft = await call(t, 'POST', path(ke.id), { token: sn.focal.token, body: body() });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const id: string = draft.body.payload.id;
    expect(draft.body.payload).toMatchObject({
      offerId: ke.id,
      requestingCountryCode: 'SN',
      requestedCountryCode: 'KE',
      status: 'DRAFT',
      sectorCount: 2,
      sentAt: null,
      note: body().note,
      permissions: { edit: true, send: false, answer: false, withdraw: true },
    });
    expect(draft.body.payload.sectors[0].sectorCommitement.limitationsMA.commercialPresence.value).toBe('None');

    // Nobody outside Senegal sees a draft, and a focal point cannot send it.
    for (const who of [ke.chief, staff, gh])
      expect((await call(t, 'GET', path(ke.id, id), { token: who.token })).status).toBe(404);
    expect(
      await call(t, 'PUT', path(ke.id, id), { token: sn.focal.token, body: body({ submitted: true }) }),
    ).toMatchObject(refused('REQUEST_SEND_NOT_ALLOWED'));
    expect(
      await call(t, 'POST', path(ke.id), { token: sn.focal.token, body: body({ submitted: true }) }),
    ).toMatchObject(refused('REQUEST_SEND_NOT_ALLOWED'));
    const lists = (await call(t, 'GET', '/request-offer', { token: sn.focal.token })).body.payload;
    expect(lists.sent.find((r: { id: string }) => r.id === id)).toMatchObject({ status: 'DRAFT', sectorCount: 2 });
    expect(
      (await call(t, 'GET', '/request-offer', { token: ke.chief.token })).body.payload.received,
    ).not.toContainEqual(expect.objectContaining({ id }));

    // The focal point edits the draft; the chief negotiator sends it with one sector.
    const edited = await call(t, 'PUT', path(ke.id, id), {
      token: sn.focal.token,
      body: body({ note: 'Revised note.' }),
    });
    expect(edited.body.payload).toMatchObject({ note: 'Revised note.', status: 'DRAFT' });
    const sent = await call(t, 'PUT', path(ke.id, id), {
      token: sn.chief.token,
      body: body({ note: 'Please bind legal services.', sectors: [asked()], submitted: true }),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.payload).toMatchObject({ status: 'SENT', sectorCount: 1, sentAt: expect.any(String) });
    expect(await call(t, 'PUT', path(ke.id, id), { token: sn.chief.token, body: body() })).toMatchObject(
      refused('REQUEST_NOT_DRAFT'),
    );

    // Kenya and the secretariat see it and are told, each in their language; Ghana does not see it.
    const link = `/request-offer/${ke.id}/${id}`;
    expect(await notified(ke.chief.token, 'request.sent', link)).toMatchObject({
      text: expect.stringMatching(/^Senegal sent Kenya a request for 1 sector of .+\.$/),
    });
    expect((await notified(keFrench.token, 'request.sent', link)).text).toMatch(
      /^Sénégal a envoyé une demande portant sur 1 secteur de .+ \(pays sollicité : Kenya\)\.$/,
    );
    await notified(staff.token, 'request.sent', link);
    expect(await notificationsOf(gh.token)).toEqual([]);
    const seen = await call(t, 'GET', path(ke.id, id), { token: ke.chief.token });
    expect(seen.body.payload).toMatchObject({
      status: 'SENT',
      note: 'Please bind legal services.',
      permissions: { edit: false, send: false, answer: true, withdraw: false },
    });
    expect((await call(t, 'GET', path(ke.id, id), { token: staff.token })).body.payload.permissions).toEqual({
      edit: false,
      send: false,
      answer: false,
      withdraw: false,
    });
    expect((await call(t, 'GET', '/request-offer', { token: ke.focal.token })).body.payload.received).toContainEqual(
      expect.objectContaining({ id, requestingCountryName: 'Senegal', status: 'SENT', sectorCount: 1 }),
    );
    expect((await call(t, 'GET', '/request-offer', { token: staff.token })).body.payload.received).toContainEqual(
      expect.objectContaining({ id }),
    );
    expect((await call(t, 'GET', path(ke.id, id), { token: gh.token })).status).toBe(404);
    expect((await call(t, 'GET', '/request-offer', { token: gh.token })).body.payload).toEqual({
      sent: [],
      received: [],
    });
    // A request is read under the offer it asks of only.
    expect((await call(t, 'GET', path(sn.id, id), { token: ke.chief.token })).status).toBe(404);

    const audit = await t.ctx.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(like(auditLogs.action, 'REQUEST_%'), like(sql`${auditLogs.value}::text`, `%${id}%`)));
    expect(audit.map((a) => a.action).sort()).toEqual(['REQUEST_CREATED', 'REQUEST_SAVED', 'REQUEST_SENT']);
  });

  it("refuses a request to one's own country, to an offer not yet submitted, or for a sector that does not exist", async () => {
    expect(await call(t, 'POST', path(ke.id), { token: ke.chief.token, body: body() })).toMatchObject(
      refused('REQUEST_OWN_COUNTRY'),
    );
    const draftOnly = await countryOffer(t, 'NG', 'draft');
    expect(await call(t, 'POST', path(draftOnly.id), { token: sn.chief.token, body: body() })).toMatchObject(
      refused('REQUEST_NO_CONDITIONAL_OFFER'),
    );
    expect(
      (await call(t, 'POST', path('11111111-1111-4111-8111-111111111111'), { token: sn.chief.token, body: body() }))
        .status,
    ).toBe(404);
    expect(
      await call(t, 'POST', path(ke.id), {
        token: sn.chief.token,
        body: body({ sectors: [asked(), asked('1.Z.z', 'Not a service')] }),
      }),
    ).toMatchObject({ ...refused('REQUEST_UNKNOWN_SECTOR'), body: { message: expect.stringContaining('1.Z.z') } });
    const empty = asked();
    empty.services = [];
    expect(
      await call(t, 'POST', path(ke.id), { token: sn.chief.token, body: body({ sectors: [empty] }) }),
    ).toMatchObject({ status: 400, body: { message: expect.stringContaining(REQUEST_MESSAGES.sectorWithoutService) } });
    expect((await call(t, 'POST', path(ke.id), { token: sn.chief.token, body: body({ sectors: [] }) })).status).toBe(
      400,
    );
    // The offer's own sector-choice rules: services of two first-level sectors in one sector.
    const twoSectors = asked();
    twoSectors.services.push({ title: 'Telecommunication services', value: '2.C', key: '2.C' });
    expect(
      (await call(t, 'POST', path(ke.id), { token: sn.chief.token, body: body({ sectors: [twoSectors] }) })).status,
    ).toBe(400);
    // None of the refused requests was stored.
    const stored = await t.ctx.db.select().from(offerRequests).where(eq(offerRequests.offerId, draftOnly.id));
    expect(stored).toEqual([]);
  });

  it('refuses a request to a finalized offer', async () => {
    const final = await countryOffer(t, 'UG', 'validated');
    expect((await call(t, 'POST', `/offers/${final.id}/finalize`, { token: staff.token })).status).toBe(200);
    expect(await call(t, 'POST', path(final.id), { token: sn.chief.token, body: body() })).toMatchObject(
      refused('REQUEST_OFFER_FINALIZED'),
    );
  });

  it('Kenya answers with a version of its offer; Senegal is told; an answered request is neither answered nor withdrawn again', async () => {
    const id = await sentRequest();
    const answer = (token: string, answerBody: object) =>
      call(t, 'POST', path(ke.id, id, '/answer'), { token, body: answerBody });
    expect((await answer(gh.token, { note: 'Not ours.' })).status).toBe(404);
    expect(await answer(sn.chief.token, { note: 'Self-answer.' })).toMatchObject(
      refused('REQUEST_NOT_REQUESTED_COUNTRY'),
    );
    expect(await answer(ke.chief.token, { versionNumber: 9 })).toMatchObject(refused('REQUEST_ANSWER_VERSION_UNKNOWN'));
    expect(await answer(ke.chief.token, { responseId: '11111111-1111-4111-8111-111111111111' })).toMatchObject(
      refused('REQUEST_ANSWER_RESPONSE_UNKNOWN'),
    );
    expect(await answer(ke.chief.token, { note: '  ' })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining(REQUEST_MESSAGES.answerRequired) },
    });

    const done = await answer(ke.chief.token, { versionNumber: 1, note: 'Our offer binds legal services.' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.payload).toMatchObject({
      status: 'ANSWERED',
      answeredAt: expect.any(String),
      answer: { versionNumber: 1, responseId: null, note: 'Our offer binds legal services.' },
      permissions: { answer: false, withdraw: false },
    });
    const notice = await notified(sn.focal.token, 'request.answered', `/request-offer/${ke.id}/${id}`);
    expect(notice.text).toMatch(/^Kenya answered your request on /);
    expect((await call(t, 'GET', path(ke.id, id), { token: sn.chief.token })).body.payload.answer).toMatchObject({
      versionNumber: 1,
      answeredByName: expect.any(String),
    });

    expect(await answer(ke.chief.token, { note: 'Again.' })).toMatchObject(refused('REQUEST_ANSWERED'));
    expect(await call(t, 'POST', path(ke.id, id, '/withdraw'), { token: sn.chief.token })).toMatchObject({
      status: 409,
      body: { code: 'REQUEST_ANSWERED', message: REQUEST_MESSAGES.answered },
    });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'REQUEST_ANSWERED'), like(sql`${auditLogs.value}::text`, `%${id}%`)));
    expect(audit).toMatchObject({ logUser: ke.chief.email });
  });

  it("Kenya answers with the counter offer it sent to Senegal's offer", async () => {
    const id = await sentRequest();
    const counter = await call(t, 'POST', `/response-offer/${sn.id}`, {
      token: ke.chief.token,
      body: { offer: buildOfferDocument(2) },
    });
    expect(counter.status, JSON.stringify(counter.body)).toBe(200);
    // Another country's counter offer is not Kenya's answer.
    const ghanaCounter = await call(t, 'POST', `/response-offer/${sn.id}`, {
      token: gh.token,
      body: { offer: buildOfferDocument(2) },
    });
    expect(
      await call(t, 'POST', path(ke.id, id, '/answer'), {
        token: ke.chief.token,
        body: { responseId: ghanaCounter.body.payload.id },
      }),
    ).toMatchObject(refused('REQUEST_ANSWER_RESPONSE_UNKNOWN'));
    const done = await call(t, 'POST', path(ke.id, id, '/answer'), {
      token: ke.chief.token,
      body: { responseId: counter.body.payload.id, note: '' },
    });
    expect(done.body.payload).toMatchObject({
      status: 'ANSWERED',
      answer: { responseId: counter.body.payload.id, versionNumber: null },
    });
  });

  it('Senegal withdraws: its chief negotiator a sent request, a focal point only a draft; Kenya is told', async () => {
    const id = await sentRequest();
    expect(await call(t, 'POST', path(ke.id, id, '/withdraw'), { token: ke.chief.token })).toMatchObject(
      refused('REQUEST_NOT_REQUESTING_COUNTRY'),
    );
    expect((await call(t, 'POST', path(ke.id, id, '/withdraw'), { token: gh.token })).status).toBe(404);
    expect(await call(t, 'POST', path(ke.id, id, '/withdraw'), { token: sn.focal.token })).toMatchObject(
      refused('REQUEST_SEND_NOT_ALLOWED'),
    );
    const withdrawn = await call(t, 'POST', path(ke.id, id, '/withdraw'), { token: sn.chief.token });
    expect(withdrawn.body.payload).toMatchObject({ status: 'WITHDRAWN', withdrawnAt: expect.any(String) });
    await notified(ke.chief.token, 'request.withdrawn', `/request-offer/${ke.id}/${id}`);
    expect(await call(t, 'POST', path(ke.id, id, '/withdraw'), { token: sn.chief.token })).toMatchObject(
      refused('REQUEST_WITHDRAWN'),
    );
    expect(
      await call(t, 'POST', path(ke.id, id, '/answer'), { token: ke.chief.token, body: { note: 'Too late.' } }),
    ).toMatchObject(refused('REQUEST_WITHDRAWN'));
    expect((await call(t, 'GET', path(ke.id, id), { token: ke.chief.token })).body.payload.status).toBe('WITHDRAWN');

    const draft = await call(t, 'POST', path(ke.id), { token: sn.focal.token, body: body() });
    const gone = await call(t, 'POST', path(ke.id, draft.body.payload.id, '/withdraw'), { token: sn.focal.token });
    expect(gone.body.payload.status).toBe('WITHDRAWN');
    // A draft withdrawn was never Kenya's business.
    expect((await call(t, 'GET', path(ke.id, draft.body.payload.id), { token: ke.chief.token })).status).toBe(404);
  });
});
