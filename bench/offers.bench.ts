// Saving and loading a 150-sector offer over HTTP against the real app (embedded PGlite): p50/p95/p99 of the
// round trip and the size of the document, with a trivial route measured in the same run as the baseline.
// `npm run bench -- offers`; results in bench/results/offers.json and offers.md.
import { userWithToken } from '../apps/server/test/factories.js';
import { buildOfferDocument } from '../apps/server/test/offer-factory.js';
import { machine, measure, startBenchApp, writeResults } from './lib.js';

const N = Number(process.env.BENCH_N ?? 200);
const SECTORS = 150;

const t = await startBenchApp();
const { token } = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'KE' });
const headers = { authorization: `Bearer ${token}`, timezone: 'Africa/Nairobi', 'content-type': 'application/json' };

const doc = buildOfferDocument(SECTORS);
doc.sectors.forEach((s, i) => {
  s.sectorCommitement.limitationsMA.commercialPresence.value = `Foreign equity limited to 49 per cent; joint venture with a national partner required (sector ${i}).`;
  s.sectorCommitement.limitationsOnNationalTreatment.presenceOfNaturalPersons.value =
    'Unbound except as indicated in the horizontal section';
});
const created = await (await fetch(`${t.api}/offers`, { method: 'POST', headers, body: JSON.stringify(doc) })).json();
const id: string = created.payload.id;
let revision: number = created.payload.revision;

async function ok(res: Response, what: string) {
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${text.slice(0, 300)}`);
  return text;
}

const trivial = await measure(
  async () => void (await ok(await fetch(`${t.api}/client-config`, { headers }), 'trivial')),
  N,
);
let loadedBytes = 0;
const load = await measure(async () => {
  loadedBytes = (await ok(await fetch(`${t.api}/offers/${id}`, { headers }), 'load')).length;
}, N);
let savedBytes = 0;
const save = await measure(async (i) => {
  doc.comment = `revision ${i}`;
  const body = JSON.stringify({ ...doc, submittedToAU: false, revision });
  savedBytes = Buffer.byteLength(body);
  revision = JSON.parse(await ok(await fetch(`${t.api}/offers/${id}`, { method: 'PUT', headers, body }), 'save'))
    .payload.revision;
}, N);
await t.close();

const rows = {
  'GET /client-config (trivial route)': trivial,
  [`GET /offers/:id (${SECTORS} sectors)`]: load,
  [`PUT /offers/:id (${SECTORS} sectors)`]: save,
};
const ratio = (p95: number) => +(p95 / trivial.p95).toFixed(1);
writeResults(
  'offers',
  {
    sectors: SECTORS,
    requestsPerCase: N,
    loadedBytes,
    savedBytes,
    results: Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, { ...v, p95RatioToTrivial: ratio(v.p95) }])),
    target: 'p95 < 100 ms for save and load',
  },
  [
    `# Offer save and load (${new Date().toISOString()})`,
    '',
    `${machine()}, embedded PGlite. A ${SECTORS}-sector offer: ${Math.round(savedBytes / 1024)} KiB saved, ${Math.round(loadedBytes / 1024)} KiB loaded.`,
    `${N} sequential requests per case after warm-up; client-side times in ms, including HTTP, validation, sanitizing and JSON.`,
    '',
    '| case | p50 | p95 | p99 | max | p95 ÷ trivial |',
    '|---|---|---|---|---|---|',
    ...Object.entries(rows).map(([k, v]) => `| ${k} | ${v.p50} | ${v.p95} | ${v.p99} | ${v.max} | ${ratio(v.p95)} |`),
    '',
  ],
);
const over = [load, save].filter((s) => s.p95 >= 100);
process.exit(over.length ? 1 : 0);
