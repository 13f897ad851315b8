// Documents of record made on the server, over HTTP against the real app (embedded PGlite): PDF, DOCX and XLSX of a
// 150-sector offer in each language (time and size), a one-sector offer as the baseline of the same run, and the
// counter-offer save (POST /response-offer/{id}, then POST /response-offer/file/{id} with no file: the server makes
// the PDF), and POST /offers/import of the portal's own 150-sector DOCX and XLSX (time, and the process's memory).
// First, the process's memory before 20 exports of the 150-sector offer, right after them, and every 30 s for 2
// minutes after (BENCH_DOCUMENTS_ONLY=memory: that part alone).
// `npm run bench -- documents`; results in bench/results/documents.json and documents.md.
import { userWithToken } from '../apps/server/test/factories.js';
import { scheduleDocument, serviceTree } from '../apps/server/test/schedule-offer.js';
import { buildOfferDocument } from '../apps/server/test/offer-factory.js';
import { machine, measure, startBenchApp, writeResults, type Stats } from './lib.js';
import { memoryAfterExports, memoryTable } from './documents-memory.js';

const N = Number(process.env.BENCH_N ?? 10);
const SECTORS = 150;
const FORMATS = ['pdf', 'docx', 'xlsx'] as const;
const LANGUAGES = ['en', 'fr', 'ar'] as const;
const TARGETS = { pdfMs: 2000, pdfBytes: 2 * 1024 * 1024, counterSaveMs: 3000 };

const t = await startBenchApp();
const ke = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
const gh = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
const sn = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
const json = (token: string) => ({
  authorization: `Bearer ${token}`,
  timezone: 'Africa/Nairobi',
  'content-type': 'application/json',
});

function schedule(sectors: number) {
  const doc = buildOfferDocument(sectors);
  doc.sectors.forEach((s, i) => {
    s.sectorCommitement.limitationsMA.crossBorder.value = 'None';
    s.sectorCommitement.limitationsMA.commercialPresence.value = `Foreign equity limited to 49 per cent; joint venture with a national partner required (sector ${i}).`;
    s.sectorCommitement.limitationsOnNationalTreatment.presenceOfNaturalPersons.value =
      'Unbound except as indicated in the horizontal section';
  });
  return doc;
}

async function createOffer(token: string, sectors: number): Promise<string> {
  const res = await fetch(`${t.api}/offers`, {
    method: 'POST',
    headers: json(token),
    body: JSON.stringify({ ...schedule(sectors), submittedToAU: true }),
  });
  if (res.status !== 200) throw new Error(`create: ${res.status} ${await res.text()}`);
  return (await res.json()).payload.id;
}

const big = await createOffer(ke.token, SECTORS);
const exportOf = async (id: string, format: string, lang: string) => {
  const res = await fetch(`${t.api}/offers/${id}/export?format=${format}&lang=${lang}`, {
    headers: { authorization: `Bearer ${sn.token}` },
  });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${format} ${lang}: ${res.status} ${body.toString().slice(0, 300)}`);
  return body.length;
};
// Before any other export: the memory's starting point is the server as it starts.
const memory = await memoryAfterExports((i) => exportOf(big, FORMATS[i % 3]!, LANGUAGES[Math.floor(i / 3) % 3]!));
if (process.env.BENCH_DOCUMENTS_ONLY === 'memory') {
  await t.close();
  console.log(memoryTable(memory).join('\n'));
  process.exit(memory.met ? 0 : 1);
}
const small = await createOffer(gh.token, 1);

interface Row {
  sectors: number;
  format: string;
  lang: string;
  stats: Stats;
  bytes: number;
  /** The first request of the case, before any memoized layout of this document exists. */
  first: number;
}
const rows: Row[] = [];
for (const [id, sectors] of [
  [small, 1],
  [big, SECTORS],
] as const)
  for (const format of FORMATS)
    for (const lang of LANGUAGES) {
      let bytes = 0;
      const once = async () => {
        bytes = await exportOf(id, format, lang);
      };
      // The first request of a document is typeset from scratch; Typst memoizes, so repeats of it are cheaper.
      const t0 = performance.now();
      await once();
      const first = +(performance.now() - t0).toFixed(2);
      const stats = await measure(once, N, 1);
      rows.push({ sectors, format, lang, stats, bytes, first });
    }

// The counter-offer save as the web app makes it: the counter offer, then its PDF made and attached by the server.
const original = (await (await fetch(`${t.api}/offers/${big}`, { headers: json(sn.token) })).json()).payload;
const counter = schedule(0);
counter.sectors = original.sectors;
counter.sectors.forEach((s, i) => {
  if (i % 5 === 0) s.sectorCommitement.limitationsMA.commercialPresence.value = 'None';
});
let pdfKey = '';
const counterSave = await measure(
  async () => {
    const created = await fetch(`${t.api}/response-offer/${big}`, {
      method: 'POST',
      headers: json(sn.token),
      body: JSON.stringify({ offer: counter }),
    });
    if (created.status !== 200) throw new Error(`counter offer: ${created.status} ${await created.text()}`);
    const id = (await created.json()).payload.id;
    const attached = await fetch(`${t.api}/response-offer/file/${id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sn.token}` },
    });
    if (attached.status !== 200) throw new Error(`attach: ${attached.status} ${await attached.text()}`);
    pdfKey = (await attached.json()).payload.pdfFileKey;
  },
  N,
  1,
);
// Import of a 150-sector schedule in the WTO layout (W/120 services, headings, every kind of value): the portal's own
// DOCX and XLSX of it, read back by POST /offers/import. Memory: the process's heap and resident size after the runs
// (the server runs in this process), and the largest resident size seen between runs.
const ng = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'NG' });
const wto = scheduleDocument(await serviceTree(t as never, ng.token), SECTORS);
const wtoRes = await fetch(`${t.api}/offers`, { method: 'POST', headers: json(ng.token), body: JSON.stringify(wto) });
if (wtoRes.status !== 200) throw new Error(`create WTO schedule: ${wtoRes.status} ${await wtoRes.text()}`);
const wtoId = (await wtoRes.json()).payload.id;
const imports: {
  format: string;
  stats: Stats;
  bytes: number;
  sectors: number;
  warnings: number;
  heapMiB: number;
  rssMiB: number;
}[] = [];
// POST /offers/import allows 20 calls a minute per client: both formats together stay under it.
const IMPORT_N = Math.min(N, 8);
const mib = (n: number) => +(n / 1024 / 1024).toFixed(1);
for (const format of ['docx', 'xlsx'] as const) {
  const file = Buffer.from(
    await (
      await fetch(`${t.api}/offers/${wtoId}/export?format=${format}&lang=en`, { headers: json(ng.token) })
    ).arrayBuffer(),
  );
  let sectors = 0;
  let warnings = 0;
  let rss = 0;
  const stats = await measure(
    async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)]), `schedule.${format}`);
      const res = await fetch(`${t.api}/offers/import`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${ng.token}` },
      });
      if (res.status !== 200) throw new Error(`import ${format}: ${res.status} ${await res.text()}`);
      const payload = (await res.json()).payload;
      sectors = payload.offer.sectors.length;
      warnings = payload.warnings.length;
      rss = Math.max(rss, process.memoryUsage().rss);
    },
    IMPORT_N,
    1,
  );
  imports.push({
    format,
    stats,
    bytes: file.length,
    sectors,
    warnings,
    heapMiB: mib(process.memoryUsage().heapUsed),
    rssMiB: mib(rss),
  });
}
await t.close();

const find = (sectors: number, format: string, lang: string) =>
  rows.find((r) => r.sectors === sectors && r.format === format && r.lang === lang)!;
const worstPdf = Math.max(
  ...LANGUAGES.map((l) => Math.max(find(SECTORS, 'pdf', l).stats.p95, find(SECTORS, 'pdf', l).first)),
);
const largestPdf = Math.max(...LANGUAGES.map((l) => find(SECTORS, 'pdf', l).bytes));
const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
const failures = [
  worstPdf >= TARGETS.pdfMs && `150-sector PDF p95 ${worstPdf} ms ≥ ${TARGETS.pdfMs} ms`,
  largestPdf >= TARGETS.pdfBytes && `150-sector PDF ${kib(largestPdf)} ≥ 2 MiB`,
  counterSave.p95 >= TARGETS.counterSaveMs &&
    `counter-offer save p95 ${counterSave.p95} ms ≥ ${TARGETS.counterSaveMs} ms`,
  !memory.met && `memory 2 min after 20 exports not within ${memory.withinPercent} % of before`,
].filter(Boolean) as string[];

writeResults(
  'documents',
  {
    sectors: SECTORS,
    requestsPerCase: N,
    results: rows.map((r) => ({
      case: `${r.sectors} sector(s) ${r.format} ${r.lang}`,
      first: r.first,
      ...r.stats,
      bytes: r.bytes,
      p50RatioToOneSector: +(r.stats.p50 / find(1, r.format, r.lang).stats.p50).toFixed(1),
    })),
    counterOfferSave: { ...counterSave, pdfAttached: !!pdfKey },
    scheduleImport: imports.map((i) => ({
      case: `${SECTORS}-sector ${i.format}`,
      ...i.stats,
      bytes: i.bytes,
      sectors: i.sectors,
      warnings: i.warnings,
      heapMiB: i.heapMiB,
      maxRssMiB: i.rssMiB,
    })),
    memoryAfterExports: memory,
    targets: TARGETS,
    failures,
  },
  [
    `# Documents of record (${new Date().toISOString()})`,
    '',
    `${machine()}, embedded PGlite. GET /offers/{id}/export over HTTP: the first request of each case (typeset from`,
    `scratch), then ${N} sequential requests after 1 warm-up (Typst memoizes: repeats of one document are cheaper);`,
    'client-side times in ms (loading, layout, typesetting and transfer). The one-sector offer is the baseline.',
    '',
    '| sectors | format | lang | first | p50 | p95 | max | size | p50 ÷ one sector |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.sectors} | ${r.format} | ${r.lang} | ${r.first} | ${r.stats.p50} | ${r.stats.p95} | ${r.stats.max} | ${kib(r.bytes)} | ${(r.stats.p50 / find(1, r.format, r.lang).stats.p50).toFixed(1)} |`,
    ),
    '',
    `Counter-offer save of ${SECTORS} sectors (POST /response-offer/{id}, then POST /response-offer/file/{id} with no file,`,
    `the server making and attaching the PDF): p50 ${counterSave.p50} ms, p95 ${counterSave.p95} ms, max ${counterSave.max} ms.`,
    '',
    `Import of a ${SECTORS}-sector schedule (POST /offers/import of the portal's own export, ${IMPORT_N} requests after 1 warm-up;`,
    'memory is the whole process: server and benchmark):',
    '',
    '| format | size | sectors read | warnings | p50 | p95 | max | heap after | largest RSS |',
    '|---|---|---|---|---|---|---|---|---|',
    ...imports.map(
      (i) =>
        `| ${i.format} | ${kib(i.bytes)} | ${i.sectors} | ${i.warnings} | ${i.stats.p50} | ${i.stats.p95} | ${i.stats.max} | ${i.heapMiB} MiB | ${i.rssMiB} MiB |`,
    ),
    '',
    ...memoryTable(memory),
    '',
    `Targets: ${SECTORS}-sector PDF under 2 s and 2 MiB; counter-offer save under 3 s. ${failures.length ? `MISSED: ${failures.join('; ')}` : 'All met.'}`,
    '',
  ],
);
process.exit(failures.length ? 1 : 0);
