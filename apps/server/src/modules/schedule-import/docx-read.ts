/**
 * The body of a Word document (word/document.xml) as rows: each row of each table with its cells' text (a paragraph
 * per line, `<w:br/>` a line break, `<w:tab/>` a tab), and each paragraph between tables as a one-cell row. A table
 * inside a cell gives its text to that cell. Deleted text of tracked changes and the fallback copy of alternate
 * content are left out, so every text is read once. Streaming (saxes, a slice at a time), the row count capped.
 */
import { SaxesParser } from 'saxes';
import { ScheduleReadError, tooManyRows, type SourceRow } from './rows.js';

const SLICE = 64 * 1024;

const local = (name: string) => name.slice(name.indexOf(':') + 1);

const notDocx = () => new ScheduleReadError('unreadable', 'The file is not a readable Word (.docx) document.');

export async function readDocxBlocks(xml: Uint8Array, maxRows: number): Promise<SourceRow[]> {
  const rows: SourceRow[] = [];
  let tableCount = 0;
  let paragraphCount = 0;
  /** Depth of tables we are in; only the outermost makes rows. */
  let tableDepth = 0;
  let rowInTable = 0;
  let cells: string[] | null = null;
  let cellLines: string[] | null = null;
  let paragraph: string | null = null;
  let inText = false;
  /** Inside content whose text is not read (deleted runs, fallbacks, text boxes). */
  let skipDepth = 0;

  const push = (row: SourceRow) => {
    if (rows.length >= maxRows) throw tooManyRows(maxRows);
    rows.push(row);
  };

  const sax = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  sax.on('doctype', () => {
    throw notDocx();
  });
  sax.on('error', () => {
    throw notDocx();
  });
  sax.on('opentag', (tag) => {
    const name = local(tag.name);
    if (name === 'del' || name === 'Fallback' || name === 'txbxContent' || name === 'delText') {
      skipDepth++;
      return;
    }
    if (skipDepth) return;
    switch (name) {
      case 'tbl':
        tableDepth++;
        if (tableDepth === 1) {
          tableCount++;
          rowInTable = 0;
        }
        break;
      case 'tr':
        if (tableDepth === 1) {
          rowInTable++;
          cells = [];
        }
        break;
      case 'tc':
        if (tableDepth === 1) cellLines = [];
        break;
      case 'p':
        // A paragraph of a nested table adds its line to the outer cell.
        paragraph ??= '';
        break;
      case 't':
        inText = true;
        break;
      case 'br':
      case 'cr':
        if (paragraph !== null) paragraph += '\n';
        break;
      case 'tab':
        // A tab character of a run, not a tab stop of the paragraph's properties (those carry a w:val).
        if (paragraph !== null && !Object.keys(tag.attributes).some((k) => local(k) === 'val')) paragraph += '\t';
        break;
    }
  });
  sax.on('closetag', (tag) => {
    const name = local(tag.name);
    if (name === 'del' || name === 'Fallback' || name === 'txbxContent' || name === 'delText') {
      skipDepth--;
      return;
    }
    if (skipDepth) return;
    switch (name) {
      case 't':
        inText = false;
        break;
      case 'p':
        if (paragraph === null) break;
        if (cellLines) cellLines.push(paragraph);
        else if (tableDepth === 0 && paragraph.trim()) {
          paragraphCount++;
          push({ at: { row: paragraphCount }, cells: [paragraph], paragraph: true });
        }
        paragraph = null;
        break;
      case 'tc':
        if (tableDepth === 1 && cells && cellLines) {
          cells.push(cellLines.join('\n'));
          cellLines = null;
        }
        break;
      case 'tr':
        if (tableDepth === 1 && cells) {
          if (cells.some((c) => c.trim())) push({ at: { table: tableCount, row: rowInTable }, cells });
          cells = null;
        }
        break;
      case 'tbl':
        tableDepth--;
        break;
    }
  });
  sax.on('text', (t) => {
    if (inText && !skipDepth && paragraph !== null) paragraph += t;
  });

  const decoder = new TextDecoder();
  for (let at = 0; at < xml.length; at += SLICE) {
    sax.write(decoder.decode(xml.subarray(at, at + SLICE), { stream: true }));
    // Let the event loop turn between slices: a long document does not hold other requests.
    await new Promise((resolve) => setImmediate(resolve));
  }
  sax.close();
  return rows;
}
