/**
 * The schedule as a Word document (npm `docx`): the same rows as the PDF, letter paper, 15 mm margins, the column
 * headings repeated on every page, page numbers "n / N"; Arabic paragraphs and tables right to left.
 */
import {
  AlignmentType,
  Document,
  Footer,
  HighlightColor,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { LayoutCell, LayoutLine, LayoutTable, ScheduleLayout } from './layout.js';

const MM = 56.7; // twips per millimetre
const FONT = 'DejaVu Sans';

export async function renderDocx(layout: ScheduleLayout): Promise<Buffer> {
  const rtl = layout.direction === 'rtl';
  const run = (text: string, options: { bold?: boolean; italics?: boolean; size?: number; color?: string } = {}) =>
    new TextRun({ text, rightToLeft: rtl, font: FONT, size: options.size ?? 16, ...options });
  const paragraph = (
    children: TextRun[],
    options: { center?: boolean; after?: number; before?: number; keepNext?: boolean; indent?: number } = {},
  ) =>
    new Paragraph({
      bidirectional: rtl,
      children,
      indent: options.indent ? { start: options.indent * 360 } : undefined,
      keepNext: options.keepNext || undefined,
      alignment: options.center ? AlignmentType.CENTER : undefined,
      spacing: { after: options.after ?? 40, before: options.before ?? 0 },
    });
  /** A line as Word runs: its rich-text runs (bold, italics…) when it has any, in the line's style; breaks kept. */
  const lineRuns = (line: LayoutLine): TextRun[] =>
    (line.runs ?? [{ text: line.text }]).flatMap((piece) =>
      piece.text.split('\n').map(
        (text, i) =>
          new TextRun({
            text,
            break: i > 0 ? 1 : undefined,
            rightToLeft: rtl,
            font: FONT,
            size: line.heading ? 16 + 2 * (4 - Math.min(line.heading, 4)) : 16,
            bold: line.style === 'strong' || line.style === 'changed' || !!line.heading || piece.bold || undefined,
            italics: line.style === 'was' || line.style === 'note' || piece.italic || undefined,
            underline: piece.underline ? {} : undefined,
            strike: piece.strike || undefined,
            superScript: piece.sup || undefined,
            subScript: piece.sub || undefined,
            highlight: line.style === 'changed' ? HighlightColor.YELLOW : undefined,
            color: line.style === 'was' ? '555555' : undefined,
          }),
      ),
    );
  const cell = (c: LayoutCell) =>
    new TableCell({
      columnSpan: c.span,
      children: c.lines.length
        ? c.lines.map((l) =>
            // A sector or subsector heading is kept on the page of the row it heads.
            paragraph(lineRuns(c.bold && !l.style ? { ...l, style: 'strong' } : l), {
              keepNext: c.heading,
              indent: l.indent,
            }),
          )
        : [paragraph([])],
    });
  const headCell = (text: string) =>
    new TableCell({
      shading: { type: ShadingType.CLEAR, fill: 'E6E6E6', color: 'auto' },
      children: [paragraph([run(text, { bold: true })])],
    });
  const table = (t: LayoutTable) => [
    paragraph([run(t.title, { bold: true, size: 20 })], { before: 240, after: 120 }),
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      visuallyRightToLeft: rtl,
      rows: [
        new TableRow({ tableHeader: true, children: t.columns.map(headCell) }),
        ...t.rows.map((r) => new TableRow({ cantSplit: r[0]?.heading || undefined, children: r.map(cell) })),
      ],
    }),
  ];

  const doc = new Document({
    title: layout.heading,
    styles: { default: { document: { run: { font: FONT, size: 16 } } } },
    sections: [
      {
        properties: {
          page: {
            size: { width: 12240, height: 15840 },
            margin: { top: 15 * MM, bottom: 15 * MM, left: 15 * MM, right: 15 * MM },
          },
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({ children: [PageNumber.CURRENT, ' / ', PageNumber.TOTAL_PAGES], font: FONT, size: 16 }),
                ],
              }),
            ],
          }),
        },
        children: [
          paragraph([run(layout.heading, { bold: true, size: 26 })], { center: true }),
          paragraph([run(layout.kind, { bold: true, size: 22 })], { center: true }),
          paragraph([run(layout.meta.join('  ·  '))], { center: true }),
          ...(layout.title ? [paragraph([run(layout.title, { italics: true })], { center: true })] : []),
          paragraph([run(layout.legend.title, { bold: true })], { before: 200 }),
          paragraph([run(layout.legend.modes.join('    '))]),
          ...(layout.changesNote ? [paragraph([run(layout.changesNote, { italics: true })])] : []),
          ...(layout.untranslatedNote ? [paragraph([run(layout.untranslatedNote, { italics: true })])] : []),
          ...(layout.opening
            ? [
                paragraph([run(layout.opening.title, { bold: true, size: 20 })], { before: 200 }),
                ...layout.opening.paragraphs.map((p) => paragraph(lineRuns(p), { indent: p.indent })),
              ]
            : []),
          ...table(layout.horizontal),
          ...table(layout.sectors),
          ...table(layout.mfn),
          paragraph([run(layout.footnote, { size: 14 })], { before: 240 }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
