import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anchorLink, ERROR_CATALOGUE, type ChatAnchor, type Sector } from '@portal/shared';
import { decodedMail, mailsTo, startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { countryOffer, sectorWith, type CountryOffer } from '../../../test/offer-factory.js';
import { must } from '../../../test/must.js';

let t: TestApp;
type Signed = Awaited<ReturnType<typeof userWithToken>>;
/** Kenya's offer is asked of; Senegal asks; Ghana is a third country; staff is the secretariat. */
let ke: CountryOffer, sn: CountryOffer, gh: Signed, staff: Signed, keArabic: Signed;

beforeAll(async () => {
  t = await startTestApp();
  ke = await countryOffer(t, 'KE', 'submitted');
  sn = await countryOffer(t, 'SN', 'submitted');
  gh = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
  staff = await userWithToken(t, { role: 'AFRICAN_UNION', language: 'fr' });
  keArabic = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'KE', language: 'ar' });
});
afterAll(() => t.close());

function asked(code = '1.A.a', title = 'Legal Services'): Sector {
  const sector = sectorWith(code, title, { provisional_codes: [] });
  sector.sectorCommitement.limitationsMA.commercialPresence.value = 'None';
  return sector;
}
const path = (offerId: string, requestId?: string, tail = '') =>
  `/request-offer/${offerId}${requestId ? `/${requestId}` : ''}${tail}`;

async function request(submitted: boolean): Promise<string> {
  const res = await call(t, 'POST', path(ke.id), {
    token: (submitted ? sn.chief : sn.focal).token,
    body: { note: 'Please bind legal services in mode 3.', sectors: [asked()], submitted },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payload.id;
}

/** The mail leaves after the answer: wait for it in the outbox. */
async function mailTo(email: string, needle: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const found = mailsTo(t, email)
      .map(decodedMail)
      .find((m) => m.includes(needle));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no mail to ${email} with ${needle}`);
}

type Message = { conversation: string; type: string; anchor: ChatAnchor | null };
const messagesOf = async (token: string, roomId: string): Promise<Message[]> =>
  (await call(t, 'GET', `/chats/getAllMessageByRome/${roomId}`, { token })).body.payload.content;

describe('discussing a request', () => {
  it('requires authentication', async () => {
    const id = await request(true);
    expect((await call(t, 'POST', path(ke.id, id, '/discuss'))).status).toBe(401);
  });

  it("opens the two countries' room with the request quoted once, whoever asks; a third country gets 404", async () => {
    const id = await request(true);
    const link = `/request-offer/${ke.id}/${id}`;
    expect((await call(t, 'POST', path(ke.id, id, '/discuss'), { token: gh.token })).status).toBe(404);

    const bySenegal = await call(t, 'POST', path(ke.id, id, '/discuss'), { token: sn.chief.token });
    expect(bySenegal.status, JSON.stringify(bySenegal.body)).toBe(200);
    const roomId: string = bySenegal.body.payload.roomId;
    // Kenya's "Discuss" opens the same room and does not quote the request again.
    const byKenya = await call(t, 'POST', path(ke.id, id, '/discuss'), { token: ke.chief.token });
    expect(byKenya.body.payload).toEqual({ roomId });
    expect((await call(t, 'POST', path(ke.id, id, '/discuss'), { token: staff.token })).body.payload).toEqual({
      roomId,
    });

    // One message anchored to the request: each reader's screen writes it in their language with the link.
    const messages = await messagesOf(ke.focal.token, roomId);
    const quotes = messages.filter((m) => m.anchor?.kind === 'request' && m.anchor.requestId === id);
    expect(quotes).toHaveLength(1);
    const quote = must(quotes[0]);
    expect(quote.anchor).toEqual({
      kind: 'request',
      offerId: ke.id,
      requestId: id,
      offerName: expect.any(String),
      requestingCountryCode: 'SN',
      requestedCountryCode: 'KE',
      sectors: [{ code: '1.A.a', title: 'Legal Services' }],
      sectorCount: 1,
      note: 'Please bind legal services in mode 3.',
    });
    expect(anchorLink(must(quote.anchor))).toBe(link);
    // The stored text is the author's readable wording for clients that ignore anchors, with no raw address.
    expect(quote.conversation).toMatch(/^Request from Senegal to Kenya on .+ \(1 sector\): 1\.A\.a Legal Services\./);
    expect(quote.conversation).toContain('Note: “Please bind legal services in mode 3.”');
    expect(quote.conversation).not.toMatch(/\/request-offer\/|[0-9a-f]{8}-[0-9a-f]{4}-/);
    // It is the room Senegal's "Discuss" on Kenya's offer opens, and Ghana cannot read it.
    const offerRoom = await call(t, 'POST', `/chats/addRoomOffer/${ke.id}`, { token: sn.focal.token });
    expect(offerRoom.body.payload.id).toBe(roomId);
    expect((await call(t, 'GET', `/chats/getAllMessageByRome/${roomId}`, { token: gh.token })).status).toBe(404);
  });

  it('writes the stored text in the language of the first to discuss it, the anchor being the same', async () => {
    const id = await request(true);
    const res = await call(t, 'POST', path(ke.id, id, '/discuss'), { token: staff.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const quote = must(
      (await messagesOf(ke.chief.token, res.body.payload.roomId)).find(
        (m) => m.anchor?.kind === 'request' && m.anchor.requestId === id,
      ),
    );
    expect(quote.conversation).toMatch(
      /^Demande de Sénégal à Kenya concernant .+ \(1 secteur\) : 1\.A\.a Legal Services\./,
    );
    expect(quote.conversation).toContain('Note : « Please bind legal services in mode 3. »');
    expect(quote.conversation).not.toContain(id);
    expect(quote.anchor).toMatchObject({ requestingCountryCode: 'SN', requestedCountryCode: 'KE', sectorCount: 1 });
  });

  it('refuses a draft (Kenya does not see it: 404; Senegal is told to send it first)', async () => {
    const id = await request(false);
    expect((await call(t, 'POST', path(ke.id, id, '/discuss'), { token: ke.chief.token })).status).toBe(404);
    expect(await call(t, 'POST', path(ke.id, id, '/discuss'), { token: sn.focal.token })).toMatchObject({
      status: 409,
      body: { code: 'REQUEST_DRAFT_NOT_DISCUSSED', message: ERROR_CATALOGUE.REQUEST_DRAFT_NOT_DISCUSSED.message },
    });
  });
});

describe('mail of a request', () => {
  it("mails the requested country's users and the secretariat in their language when sent, and Senegal when answered", async () => {
    const id = await request(true);
    const link = `/request-offer/${ke.id}/${id}`;
    const toKenya = await mailTo(ke.chief.email, link);
    expect(toKenya).toMatch(/^Subject: New request$/m);
    expect(toKenya).toMatch(/Senegal sent Kenya a request for 1 sector of .+\./);
    expect(toKenya).toContain('Open it in the portal:');
    const arabic = await mailTo(keArabic.email, link);
    expect(arabic).toContain('افتحه في البوابة:');
    expect(arabic).toMatch(/وجّهت السنغال إلى كينيا طلبًا/);
    const french = await mailTo(staff.email, link);
    expect(french).toContain('Sénégal a envoyé une demande portant sur 1 secteur');
    expect(french).toContain('Ouvrez-la dans le portail :');
    // Neither the sender nor a third country is mailed.
    expect(
      mailsTo(t, sn.chief.email)
        .map(decodedMail)
        .filter((m) => m.includes(link)),
    ).toEqual([]);
    expect(
      mailsTo(t, gh.email)
        .map(decodedMail)
        .filter((m) => m.includes(link)),
    ).toEqual([]);

    const answered = await call(t, 'POST', path(ke.id, id, '/answer'), {
      token: ke.chief.token,
      body: { versionNumber: 1, note: 'Version 1 binds it.' },
    });
    expect(answered.status).toBe(200);
    expect(await mailTo(sn.focal.email, link)).toMatch(/Kenya answered your request on /);
  });
});
