/**
 * The schedule as a PDF typeset by Typst (npm @myriaddreamin/typst-ts-node-compiler) with DejaVu Sans embedded:
 * text, not pictures, Arabic shaped right to left. The layout travels as JSON through `sys.inputs` and the template
 * reads it with json(): no user text is ever spliced into Typst markup, so nothing in an offer can inject markup.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ComparisonLayout } from './comparison.js';
import type { LayoutCell, LayoutTable, ScheduleLayout } from './layout.js';

const require = createRequire(import.meta.url);

/** DejaVu Sans (Latin and Arabic) from the npm package dejavu-fonts-ttf. */
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/**
 * Letter paper, portrait, 15 mm margins (the spec's business constants), page numbers "n / N", the document's
 * direction.
 */
const PAGE = String.raw`
#let data = json(bytes(sys.inputs.data))
#let is-rtl = data.direction == "rtl"
#set document(title: data.heading)
#set page(
  paper: "us-letter",
  flipped: false,
  margin: 15mm,
  footer: context align(center, text(size: 8pt, dir: ltr,
    str(counter(page).get().first()) + " / " + str(counter(page).final().first()))),
)
#set text(font: "DejaVu Sans", size: 8pt, lang: data.language, dir: if is-rtl { rtl } else { ltr })
#set par(justify: false, leading: 0.5em)
#set table(stroke: 0.5pt + luma(120), inset: 4pt)
#let head-cell(h) = table.cell(fill: luma(230), strong(h))
`;

/** The schedule in the WTO layout, the column headings repeated on every page. */
const TEMPLATE =
  PAGE +
  String.raw`

// A run of rich text in its styles; a line is its runs when it has any, else its text.
#let show-run(r) = {
  let body = [#r.text]
  if r.at("bold", default: false) { body = strong(body) }
  if r.at("italic", default: false) { body = emph(body) }
  if r.at("underline", default: false) { body = underline(body) }
  if r.at("strike", default: false) { body = strike(body) }
  if r.at("sup", default: false) { body = super(body) }
  if r.at("sub", default: false) { body = sub(body) }
  body
}
#let line-body(l) = if l.at("runs", default: none) != none { l.runs.map(show-run).join() } else { l.text }
#let show-line(l) = {
  let style = l.at("style", default: none)
  let body = line-body(l)
  let level = l.at("heading", default: none)
  let indent = l.at("indent", default: none)
  if level != none { body = text(size: 1em + (4 - calc.min(level, 4)) * 1pt, weight: "bold", body) }
  if indent != none { body = pad(..if is-rtl { (right: indent * 1em) } else { (left: indent * 1em) }, body) }
  if style == "strong" { strong(body) }
  else if style == "changed" { highlight(fill: rgb("#fff0a8"), strong(body)) }
  else if style == "was" { text(fill: luma(90), style: "italic", body) }
  else if style == "note" { text(fill: luma(60), style: "italic", body) }
  else { body }
}
#let show-cell(c) = table.cell(colspan: c.at("span", default: 1), breakable: if c.at("heading", default: false) { false } else { auto }, {
  set text(weight: if c.at("bold", default: false) { "bold" } else { "regular" })
  for l in c.lines { block(above: 0.35em, below: 0.35em, show-line(l)) }
})
// A last column of no width holds, beside each row, an empty cell; a heading's cell spans the heading rows and the row
// they head, unbreakable, so that a heading never stands alone at the foot of a page.
#let glue-cell(n) = if n == 1 { table.cell(inset: 0pt, []) } else { table.cell(rowspan: n, breakable: false, inset: 0pt, []) }
#let schedule-table(t, widths) = {
  // The title is kept with the table under it (sticky): never alone at the foot of a page.
  block(above: 1.2em, below: 0.6em, sticky: true, text(size: 10pt, weight: "bold", t.title))
  table(
    columns: widths + (0pt,),
    table.header(repeat: true, ..t.columns.map(head-cell), table.cell(inset: 0pt, [])),
    ..t.rows.map(r => r.cells.map(show-cell) + if r.glue > 0 { (glue-cell(r.glue),) } else { () }).flatten(),
  )
}

#align(center, text(size: 13pt, weight: "bold", data.heading))
#align(center, text(size: 11pt, weight: "bold", data.kind))
#align(center, data.meta.join("  ·  "))
#if data.title != "" { align(center, emph(data.title)) }

#block(above: 1em, {
  strong(data.legend.title)
  linebreak()
  data.legend.modes.join("    ")
})
#if data.changesNote != none { block(highlight(fill: rgb("#fff0a8"), data.changesNote)) }
#if data.untranslatedNote != none { block(text(style: "italic", data.untranslatedNote)) }
#if data.opening != none {
  block(above: 1em, text(size: 10pt, weight: "bold", data.opening.title))
  for p in data.opening.paragraphs { block(above: 0.6em, below: 0.6em, show-line(p)) }
}

#schedule-table(data.horizontal, (1.1fr, 1.3fr, 1.3fr, 1fr))
#schedule-table(data.sectors, (1.1fr, 1.3fr, 1.3fr, 1fr))
#schedule-table(data.mfn, (1fr, 1.4fr, 1fr, 0.8fr, 1fr))

#block(above: 1.2em, text(size: 7.5pt, data.footnote))
`;

/** A comparison: where, the words before (deleted struck through) and after (inserted underlined). */
const COMPARISON_TEMPLATE =
  PAGE +
  String.raw`
#let show-span(s) = {
  if s.op == "del" { text(fill: rgb("#b00020"), strike(s.text)) }
  else if s.op == "ins" { text(fill: rgb("#0a6b2c"), underline(highlight(fill: rgb("#dff5e3"), s.text))) }
  else { s.text }
}
#let show-spans(spans) = if spans.len() == 0 { [—] } else { spans.map(show-span).join() }

#align(center, text(size: 13pt, weight: "bold", data.heading))
#align(center, text(size: 11pt, weight: "bold", data.kind))
#align(center, data.meta.join("  ·  "))
#block(above: 1em, [#(data.summary + ".") #text(fill: rgb("#b00020"), data.legend.deleted) #text(fill: rgb("#0a6b2c"), data.legend.inserted)])
#table(
  columns: (1fr, 1.5fr, 1.5fr),
  table.header(repeat: true, ..data.columns.map(head-cell)),
  ..data.rows.map(r => (r.where, show-spans(r.before), show-spans(r.after))).flatten(),
)
`;

/**
 * Typst in a worker thread: typesetting is synchronous native work (a 1000-sector schedule takes seconds), and the
 * server's event loop must keep answering meanwhile. One worker holds the one compiler (fonts loaded, caches warm)
 * and takes the documents one after the other; the worker is plain JavaScript so that it runs the same under tsx,
 * Vitest and the compiled server.
 */
const WORKER = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { NodeCompiler } = require(workerData.typst);
const compiler = NodeCompiler.create({ fontArgs: [{ fontPaths: [workerData.fonts] }] });
let compiled = 0;
parentPort.on('message', ({ id, template, data }) => {
  try {
    const result = compiler.compile({ mainFileContent: template, inputs: { data } });
    const error = result.takeError();
    if (error || !result.result) {
      const diagnostics = error ? compiler.fetchDiagnostics(error) : [];
      throw new Error('Typst could not typeset the document: ' + JSON.stringify(diagnostics).slice(0, 2000));
    }
    // The native module's buffer is external memory, which Node 24 cannot transfer between threads: copy it into a
    // plain ArrayBuffer, which moves without a second copy.
    const pdf = new Uint8Array(compiler.pdf(result.result));
    // Memoized layouts of past documents are of no use to the next one: keep the cache from growing without end.
    if (++compiled % 20 === 0) compiler.evictCache(10);
    parentPort.postMessage({ id, pdf }, [pdf.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});
`;

type Pending = { resolve: (pdf: Buffer) => void; reject: (err: Error) => void };
let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 0;

function typstWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER, {
    eval: true,
    workerData: { typst: require.resolve('@myriaddreamin/typst-ts-node-compiler'), fonts: FONT_DIR },
  });
  started.unref();
  started.on('message', ({ id, pdf, error }: { id: number; pdf?: Uint8Array; error?: string }) => {
    const job = pending.get(id);
    pending.delete(id);
    if (!job) return;
    if (error || !pdf) job.reject(new Error(error ?? 'no PDF'));
    else job.resolve(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  });
  const fail = (err: Error) => {
    // A worker that died takes its jobs with it; the next document starts a new one.
    if (worker === started) worker = undefined;
    for (const job of pending.values()) job.reject(err);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`the Typst worker stopped (${code})`)));
  worker = started;
  return started;
}

/** A typesetting that has not answered by then is taken as hung: the worker is stopped, its jobs fail (503). */
const JOB_TIMEOUT_MS = 60_000;

function typeset(template: string, data: object): Promise<Buffer> {
  const id = nextId++;
  const json = JSON.stringify(data);
  const running = typstWorker();
  return new Promise<Buffer>((resolve, reject) => {
    // Stopping the worker rejects every job it held (its exit handler) and frees the queue for the next document.
    const timer = setTimeout(() => void running.terminate(), JOB_TIMEOUT_MS);
    timer.unref();
    const settle =
      <T>(then: (value: T) => void) =>
      (value: T) => {
        clearTimeout(timer);
        then(value);
      };
    pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
    running.postMessage({ id, template, data: json });
  });
}

/** Characters a line of the narrowest column holds at 8 pt, and lines a row may have to be kept with its heading. */
const CHARS_PER_LINE = 22;
const KEPT_ROW_LINES = 25;

/** Lines a row takes at most, from the length of its texts (erring on the tall side). */
function estimatedLines(row: readonly LayoutCell[]): number {
  return Math.max(
    0,
    ...row.map((c) => c.lines.reduce((n, l) => n + Math.max(1, Math.ceil(l.text.length / CHARS_PER_LINE)), 0)),
  );
}

/**
 * The rows of a table as the template draws them, each with the rowspan of its cell in the column of no width (0:
 * covered by the row above). Heading rows and the row they head share one unbreakable cell there, so they move to
 * the next page together; a row too long to be sure of fitting on a page (it would be cut, not moved) is not bound,
 * and its headings are kept together only.
 */
export function gluedRows(table: LayoutTable): { cells: LayoutCell[]; glue: number }[] {
  const out = table.rows.map((cells) => ({ cells, glue: 1 }));
  const isHeading = (i: number) => !!table.rows[i]?.[0]?.heading;
  for (let i = 0; i < out.length; i++) {
    if (!isHeading(i)) continue;
    let end = i;
    while (isHeading(end)) end++;
    const headed = table.rows[end];
    if (headed && estimatedLines(headed) <= KEPT_ROW_LINES) end++;
    if (end - i > 1) {
      out[i]!.glue = end - i;
      for (let k = i + 1; k < end; k++) out[k]!.glue = 0;
    }
    i = end - 1;
  }
  return out;
}

/** Typesets the layout; rejects with Typst's diagnostics when the document cannot be made. */
export function renderPdf(layout: ScheduleLayout): Promise<Buffer> {
  const glued = (t: LayoutTable) => ({ ...t, rows: gluedRows(t) });
  return typeset(TEMPLATE, {
    ...layout,
    horizontal: glued(layout.horizontal),
    sectors: glued(layout.sectors),
    mfn: glued(layout.mfn),
  });
}

/** Typesets a comparison of two states of a schedule. */
export function renderComparisonPdf(layout: ComparisonLayout): Promise<Buffer> {
  return typeset(COMPARISON_TEMPLATE, layout);
}
