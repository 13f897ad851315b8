import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferDocument, ResponseEntry } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { scheduledSector, submittedOffer, type CountryOffer } from '../../../test/offer-factory.js';

let t: TestApp;
type Signed = Awaited<ReturnType<typeof userWithToken>>;
let ke: CountryOffer, sn: Signed, snFocal: Signed, gh: Signed, staff: Signed;
let responseId: string;
let entries: ResponseEntry[];

const modes = (v: string) => [v, v, v, v] as [string, string, string, string];
const draftOf = async (): Promise<OfferDocument & { revision: number; submittedToAU: boolean }> =>
  (await call(t, 'GET', `/offers/${ke.id}`, { token: ke.chief.token })).body.payload;
const decide = (token: string, key: string, body: object, id = responseId) =>
  call(t, 'PUT', `/response-offer/${id}/entries/${key}`, { token, body });

beforeAll(async () => {
  t = await startTestApp();
  // Kenya's offer made through the API with empty sector ids, as the documented shape of POST /offers allows.
  const sectors = ['861', '862', '863'].map((code) =>
    scheduledSector(code, modes('Unbound*'), modes('Unbound'), { sectorId: '' }),
  );
  ke = await submittedOffer(t, 'KE', sectors);
  sn = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
  snFocal = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'SN' });
  gh = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
  staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
  // Senegal's counter offer, built from what it reads of the offer: changes in three sectors.
  const original: OfferDocument = (await call(t, 'GET', `/offers/${ke.id}`, { token: sn.token })).body.payload;
  const counter = structuredClone(original);
  counter.sectors[0]!.sectorCommitement.limitationsMA.commercialPresence.value = 'None';
  counter.sectors[1]!.sectorCommitement.limitationsOnNationalTreatment.crossBorder.value = 'None';
  counter.sectors[2]!.sectorCommitement.additionalCommitment.commitment = 'Licences issued within 30 days.';
  const sent = await call(t, 'POST', `/response-offer/${ke.id}`, { token: sn.token, body: { offer: counter } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  responseId = sent.body.payload.id;
});
afterAll(() => t.close());

describe('a counter offer answered entry by entry', () => {
  it('lists every changed entry with its place, both values and OPEN, to both countries and the secretariat', async () => {
    const res = await call(t, 'GET', `/response-offer/${responseId}/entries`, { token: ke.chief.token });
    expect(res.status).toBe(200);
    entries = res.body.payload.entries;
    expect(res.body.payload.summary).toEqual({ open: 3, accepted: 0, declined: 0 });
    expect(res.body.payload.mayDecide).toBe(true);
    expect(entries.map((e) => [e.sectorCodes, e.part, e.block, e.mode, e.original, e.proposed])).toEqual([
      [['861'], 'SECTOR', 'MA', 'commercialPresence', 'Unbound*', 'None'],
      [['862'], 'SECTOR', 'NT', 'crossBorder', 'Unbound', 'None'],
      [['863'], 'SECTOR', 'ADDITIONAL', null, '', 'Licences issued within 30 days.'],
    ]);
    for (const e of entries) {
      expect(e.key).toMatch(/^[A-Za-z0-9._~-]+$/);
      expect(e).toMatchObject({ decision: 'OPEN', note: null, decidedBy: null, decidedAt: null });
    }
    for (const token of [sn.token, staff.token]) {
      const seen = await call(t, 'GET', `/response-offer/${responseId}/entries`, { token });
      expect(seen.body.payload.entries.map((e: ResponseEntry) => e.key)).toEqual(entries.map((e) => e.key));
      expect(seen.body.payload.mayDecide).toBe(false);
    }
    expect((await call(t, 'GET', `/response-offer/${responseId}/entries`, { token: gh.token })).status).toBe(404);
  });

  it('refuses, with a code and nothing changed, whoever may not decide and what is not a decision', async () => {
    const key = entries[0]!.key;
    const before = await draftOf();
    expect(await decide(gh.token, key, { decision: 'ACCEPTED' })).toMatchObject({ status: 404 });
    expect(await decide(sn.token, key, { decision: 'ACCEPTED' })).toMatchObject({
      status: 403,
      body: { code: 'COUNTER_OFFER_NOT_YOURS' },
    });
    expect((await decide(staff.token, key, { decision: 'ACCEPTED' })).status).toBe(403);
    expect(await decide(ke.chief.token, 's.nothing.MA.crossBorder', { decision: 'ACCEPTED' })).toMatchObject({
      status: 404,
      body: { code: 'ENTRY_NOT_FOUND' },
    });
    expect((await decide(ke.chief.token, key, { decision: 'MAYBE' })).status).toBe(400);
    expect((await decide(ke.chief.token, key, { decision: 'ACCEPTED', revision: before.revision - 1 })).body.code).toBe(
      'OFFER_STALE',
    );
    for (const hostile of ['constructor', '__proto__', 'toString', 'crossBorder.x'])
      expect(
        (
          await call(t, 'GET', `/offers/${ke.id}/entries/s.${before.sectors[0]!.sectorId}.MA.${hostile}/history`, {
            token: ke.chief.token,
          })
        ).status,
      ).toBe(404);
    expect((await decide(ke.chief.token, 'x'.repeat(90), { decision: 'ACCEPTED' })).status).toBe(404);
    const after = await draftOf();
    expect(after.revision).toBe(before.revision);
    expect(
      (await call(t, 'GET', `/response-offer/${responseId}/entries`, { token: sn.token })).body.payload.summary,
    ).toEqual({ open: 3, accepted: 0, declined: 0 });
  });

  it('accepting writes the proposed value into the draft (revision + 1, not submitted); declining does not', async () => {
    const before = await draftOf();
    const accepted = await decide(ke.chief.token, entries[0]!.key, { decision: 'ACCEPTED', expected: 'OPEN' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.payload).toMatchObject({ decision: 'ACCEPTED', decidedBy: expect.any(String) });
    const declined = await decide(ke.focal.token, entries[1]!.key, {
      decision: 'DECLINED',
      note: 'Mode 1 stays unbound for now.',
    });
    expect(declined.body.payload).toMatchObject({ decision: 'DECLINED', note: 'Mode 1 stays unbound for now.' });
    const draft = await draftOf();
    expect(draft.revision).toBe(before.revision + 1);
    expect(draft.submittedToAU).toBe(false);
    expect(draft.sectors[0]!.sectorCommitement.limitationsMA.commercialPresence).toMatchObject({
      value: 'None',
      hasChanged: false,
    });
    expect(draft.sectors[1]!.sectorCommitement.limitationsOnNationalTreatment.crossBorder.value).toBe('Unbound');
    expect(draft.sectors[2]!.sectorCommitement.additionalCommitment.commitment).toBe('');
    // The proposer sees the decisions.
    const seen = await call(t, 'GET', `/response-offer/${responseId}/entries`, { token: sn.token });
    expect(seen.body.payload.summary).toEqual({ open: 1, accepted: 1, declined: 1 });
    // The editor's marks: where the accepted value stands, from which country.
    const marks = await call(t, 'GET', `/offers/${ke.id}/accepted-entries`, { token: ke.focal.token });
    expect(marks.body.payload).toMatchObject({
      count: 1,
      entries: [
        {
          countryCode: 'SN',
          responseId,
          block: 'MA',
          mode: 'commercialPresence',
          sectorId: draft.sectors[0]!.sectorId,
        },
      ],
    });
    expect((await call(t, 'GET', `/offers/${ke.id}/accepted-entries`, { token: gh.token })).status).toBe(404);
  });

  it('two deciding at once: one wins, the other gets 409 with the entry as it now stands', async () => {
    const key = entries[2]!.key;
    const [a, b] = await Promise.all([
      decide(ke.chief.token, key, { decision: 'ACCEPTED', expected: 'OPEN' }),
      decide(ke.focal.token, key, { decision: 'DECLINED', expected: 'OPEN' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const lost = a.status === 409 ? a : b;
    expect(lost.body).toMatchObject({ code: 'ENTRY_DECIDED_MEANWHILE', payload: { key } });
    // Back to open for the rest of the story (and its value out of the draft, if it went in).
    expect((await decide(ke.chief.token, key, { decision: 'OPEN' })).status).toBe(200);
    expect((await draftOf()).sectors[2]!.sectorCommitement.additionalCommitment.commitment).toBe('');
  });

  it('declining an accepted entry takes its value back out while the draft holds it', async () => {
    const key = entries[0]!.key;
    expect((await decide(ke.chief.token, key, { decision: 'DECLINED' })).status).toBe(200);
    expect((await draftOf()).sectors[0]!.sectorCommitement.limitationsMA.commercialPresence.value).toBe('Unbound*');
    expect((await decide(ke.chief.token, key, { decision: 'ACCEPTED' })).status).toBe(200);
    expect((await draftOf()).sectors[0]!.sectorCommitement.limitationsMA.commercialPresence.value).toBe('None');
  });

  it('refuses while another session holds the offer open', async () => {
    const other = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'KE' });
    expect((await call(t, 'GET', `/offers/checkOpenOffer/${ke.id}`, { token: other.token })).status).toBe(200);
    const res = await decide(ke.chief.token, entries[2]!.key, { decision: 'ACCEPTED' });
    expect(res).toMatchObject({ status: 409, body: { code: 'NOT_OPEN' } });
    expect((await call(t, 'DELETE', `/offers/checkOpenOffer/${ke.id}`, { token: other.token })).status).toBeLessThan(
      300,
    );
  });

  it('tells the proposing country once per answer session, counting the decisions', async () => {
    const mine = (await call(t, 'GET', '/notifications/my', { token: snFocal.token })).body.payload.notifications;
    const decided = mine.filter((n: { kind: string }) => n.kind === 'response.decided');
    expect(decided).toHaveLength(1);
    expect(decided[0].text).toMatch(/Kenya recorded \d+ decisions on your counter offer/);
  });

  it('v2 carries the accepted value, and the history says it came from Senegal', async () => {
    const returned = await call(t, 'POST', `/offers/${ke.id}/return`, {
      token: staff.token,
      body: { comment: 'Take up what you accepted.' },
    });
    expect(returned.status).toBe(200);
    const draft = await draftOf();
    const submitted = await call(t, 'PUT', `/offers/${ke.id}`, {
      token: ke.chief.token,
      body: { ...draft, submittedToAU: true, revision: draft.revision },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const seen: OfferDocument = (await call(t, 'GET', `/offers/${ke.id}`, { token: sn.token })).body.payload;
    expect(seen.sectors[0]!.sectorCommitement.limitationsMA.commercialPresence.value).toBe('None');
    const sectorKey = `s.${seen.sectors[0]!.sectorId}.MA.commercialPresence`;
    const history = await call(t, 'GET', `/offers/${ke.id}/entries/${sectorKey}/history`, { token: sn.token });
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body.payload.steps).toMatchObject([
      { version: 1, value: 'Unbound*', acceptedFrom: null },
      { version: 2, value: 'None', acceptedFrom: { countryCode: 'SN', responseId } },
    ]);
    // The comparison of v1 and v2 attributes the change to Senegal, for whoever sees the versions.
    const v2 = await call(t, 'GET', `/offers/${ke.id}/accepted-entries?version=2`, { token: gh.token });
    expect(v2.body.payload.entries).toMatchObject([
      { countryCode: 'SN', block: 'MA', mode: 'commercialPresence', sectorId: seen.sectors[0]!.sectorId },
    ]);
    // Submitted: nothing accepted waits any more.
    expect(
      (await call(t, 'GET', `/offers/${ke.id}/accepted-entries`, { token: ke.chief.token })).body.payload.count,
    ).toBe(0);
  });

  it('a draft counter offer is not decided; a finalized offer closes open entries as not taken up', async () => {
    const original: OfferDocument = (await call(t, 'GET', `/offers/${ke.id}`, { token: snFocal.token })).body.payload;
    const counter = structuredClone(original);
    counter.sectors[0]!.sectorCommitement.limitationsMA.crossBorder.value = 'None';
    const drafted = await call(t, 'POST', `/response-offer/${ke.id}`, {
      token: snFocal.token,
      body: { offer: counter },
    });
    expect(drafted.body.payload.status).toBe('DRAFT');
    const draftEntries = await call(t, 'GET', `/response-offer/${drafted.body.payload.id}/entries`, {
      token: sn.token,
    });
    const draftKey = draftEntries.body.payload.entries[0].key;
    expect(await decide(sn.token, draftKey, { decision: 'ACCEPTED' }, drafted.body.payload.id)).toMatchObject({
      status: 409,
      body: { code: 'COUNTER_OFFER_NOT_SENT' },
    });
    expect((await decide(ke.chief.token, draftKey, { decision: 'ACCEPTED' }, drafted.body.payload.id)).status).toBe(
      404,
    );

    expect((await call(t, 'POST', `/offers/${ke.id}/finalize`, { token: staff.token })).status).toBe(200);
    const closed = await call(t, 'GET', `/response-offer/${responseId}/entries`, { token: sn.token });
    expect(closed.body.payload.summary.open).toBe(0);
    expect(closed.body.payload.entries.find((e: ResponseEntry) => e.key === entries[2]!.key)).toMatchObject({
      decision: 'DECLINED',
      notTakenUp: true,
    });
    expect(await decide(ke.chief.token, entries[2]!.key, { decision: 'ACCEPTED' })).toMatchObject({
      status: 422,
      body: { code: 'OFFER_FINAL' },
    });
  });
});
