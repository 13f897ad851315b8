import crypto from 'node:crypto';
import {
  MODES_OF_SUPPLY,
  blankOfferDocument,
  blankRow,
  blankSector,
  type OfferDocument,
  type Sector,
} from '@portal/shared';
import { userWithToken } from './factories.js';
import type { TestApp } from './harness.js';
import { call, type HttpResult } from './http.js';
import { must } from './must.js';

/** A sector with one chosen service, ready to be saved. */
export function sectorWith(code: string, title = `Service ${code}`, extra: Partial<Sector> = {}): Sector {
  return {
    ...blankSector(crypto.randomUUID()),
    services: [{ title, value: code, key: code }],
    codes: [code],
    provisional_codes: [code],
    ...extra,
  };
}

/** An offer document with horizontal commitments, `sectors` sectors and one MFN exemption row. */
export function buildOfferDocument(sectors = 2, overrides: Partial<OfferDocument> = {}): OfferDocument {
  const doc = blankOfferDocument();
  doc.description = '<p>Opening statement of the schedule.</p>';
  const horizontal = blankRow('horizontal');
  must(horizontal[0]).value = '<b>All sectors included in this schedule</b>';
  must(horizontal[1]).value = '3) Foreign investment above USD 1 million requires approval.';
  doc.geenralCommitement = [horizontal];
  const mfn = blankRow('mfn');
  must(mfn[0]).value = 'Road transport';
  doc.geenralCommitementCon = [mfn];
  doc.sectors = Array.from({ length: sectors }, (_, i) => sectorWith(`86${i + 1}`));
  return { ...doc, ...overrides };
}

/** How far an offer has gone through the secretariat's workflow (the spec's offer workflow). */
export type OfferStage = 'draft' | 'submitted' | 'returned' | 'resubmitted' | 'validated';

export interface CountryOffer {
  id: string;
  /** The revision a next save starts from. */
  revision: number;
  focal: SignedUser;
  chief: SignedUser;
}

type SignedUser = Awaited<ReturnType<typeof userWithToken>>;

/**
 * A country's focal point and chief negotiator, and its offer brought to `stage` through the API as the users would
 * bring it: the focal point drafts (two sectors), the chief submits, the secretariat sends back or validates. Each
 * test takes a country of its own, so that no test depends on another's offer.
 */
export async function countryOffer(t: TestApp, country: string, stage: OfferStage = 'draft'): Promise<CountryOffer> {
  const focal = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country });
  const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country });
  const created = await call(t, 'POST', '/offers', { token: focal.token, body: buildOfferDocument(2) });
  if (created.status !== 200) throw new Error(`offer not created: ${JSON.stringify(created.body)}`);
  const id: string = created.body.payload.id;
  let revision: number = created.body.payload.revision;
  const staff = stage === 'draft' ? null : await userWithToken(t, { role: 'AFRICAN_UNION' });
  const step = async (res: Promise<HttpResult>) => {
    const done = await res;
    if (done.status !== 200) throw new Error(`offer not brought to ${stage}: ${JSON.stringify(done.body)}`);
    revision = done.body.payload.revision;
  };
  const submit = (sectors: number) =>
    step(
      call(t, 'PUT', `/offers/${id}`, {
        token: chief.token,
        body: { ...buildOfferDocument(sectors), submittedToAU: true, revision },
      }),
    );
  if (stage !== 'draft') await submit(2);
  if (stage === 'returned' || stage === 'resubmitted' || stage === 'validated')
    await step(call(t, 'POST', `/offers/${id}/return`, { token: staff!.token, body: { comment: 'Please revise.' } }));
  if (stage === 'resubmitted' || stage === 'validated') await submit(3);
  if (stage === 'validated') await step(call(t, 'POST', `/offers/${id}/validate`, { token: staff!.token }));
  return { id, revision, focal, chief };
}

/**
 * A counter offer of a 2-sector offer with one entry changed ('None', flagged changed and edited), as the editor sends
 * it.
 */
export function changedCounterDocument() {
  const doc = buildOfferDocument(2);
  const entry = must(doc.sectors[0]).sectorCommitement.limitationsMA.commercialPresence;
  entry.value = 'None';
  entry.hasChanged = true;
  entry.edited = true;
  return doc;
}

type FourValues = [string, string, string, string];

/** A scheduled sector: a service and the values of modes 1 to 4 for market access and for national treatment. */
export function scheduledSector(code: string, ma: FourValues, nt: FourValues, extra: Partial<Sector> = {}): Sector {
  const sector = sectorWith(code, `Service ${code}`, { provisional_codes: [], ...extra });
  const byMode = ([crossBorder, consumptionAbroad, commercialPresence, presenceOfNaturalPersons]: FourValues) =>
    ({ crossBorder, consumptionAbroad, commercialPresence, presenceOfNaturalPersons }) as const;
  const [maOf, ntOf] = [byMode(ma), byMode(nt)];
  for (const mode of MODES_OF_SUPPLY) {
    sector.sectorCommitement.limitationsMA[mode].value = maOf[mode];
    sector.sectorCommitement.limitationsOnNationalTreatment[mode].value = ntOf[mode];
  }
  return sector;
}

/**
 * A country's offer with the given sectors, drafted by its focal point and submitted by its chief negotiator
 * (INITIAL_OFFER); `validated` then has the secretariat validate it (COMMITMENT).
 */
export async function submittedOffer(
  t: TestApp,
  country: string,
  sectors: Sector[],
  { validated = false }: { validated?: boolean } = {},
): Promise<CountryOffer> {
  const focal = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country });
  const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country });
  const doc = buildOfferDocument(0, { sectors });
  const created = await call(t, 'POST', '/offers', { token: focal.token, body: doc });
  if (created.status !== 200) throw new Error(`offer not created: ${JSON.stringify(created.body)}`);
  const id: string = created.body.payload.id;
  const submitted = await call(t, 'PUT', `/offers/${id}`, {
    token: chief.token,
    body: { ...doc, submittedToAU: true, revision: created.body.payload.revision },
  });
  if (submitted.status !== 200) throw new Error(`offer not submitted: ${JSON.stringify(submitted.body)}`);
  let revision: number = submitted.body.payload.revision;
  if (validated) {
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const done = await call(t, 'POST', `/offers/${id}/validate`, { token: staff.token });
    if (done.status !== 200) throw new Error(`offer not validated: ${JSON.stringify(done.body)}`);
    revision = done.body.payload.revision;
  }
  return { id, revision, focal, chief };
}
