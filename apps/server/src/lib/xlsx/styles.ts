/** The cell styles of a workbook: each distinct combination becomes one entry of styles.xml's cell formats. */
import { attr } from './xml.js';

export interface CellStyle {
  bold?: boolean;
  italic?: boolean;
  /** Font size in points (11 by default). */
  size?: number;
  /** Wrap text at the cell's width (and at its line breaks). */
  wrap?: boolean;
  horizontal?: 'left' | 'center' | 'right';
  vertical?: 'top' | 'center' | 'bottom';
  /** The direction of the cell's text, so the text itself carries no direction controls. */
  readingOrder?: 'ltr' | 'rtl';
  /** A solid fill, `RRGGBB`. */
  fill?: string;
}

const FONT = 'Calibri';

export class Styles {
  private fonts = ['<font><sz val="11"/><name val="Calibri"/><family val="2"/></font>'];
  private fills = [
    '<fill><patternFill patternType="none"/></fill>',
    '<fill><patternFill patternType="gray125"/></fill>',
  ];
  private formats = ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'];
  private ids = new Map<string, number>();

  /** The index of a style among the cell formats (0, the default, when it sets nothing). */
  id(style: CellStyle): number {
    const key = JSON.stringify([
      style.bold,
      style.italic,
      style.size,
      style.wrap,
      style.horizontal,
      style.vertical,
      style.readingOrder,
      style.fill,
    ]);
    let id = this.ids.get(key);
    if (id !== undefined) return id;
    const fontId = this.indexOf(
      this.fonts,
      `<font>${style.bold ? '<b/>' : ''}${style.italic ? '<i/>' : ''}<sz val="${style.size ?? 11}"/><name val="${FONT}"/><family val="2"/></font>`,
    );
    const fillId = style.fill
      ? this.indexOf(
          this.fills,
          `<fill><patternFill patternType="solid"><fgColor rgb="FF${attr(style.fill)}"/><bgColor indexed="64"/></patternFill></fill>`,
        )
      : 0;
    const alignment = [
      style.horizontal ? ` horizontal="${style.horizontal}"` : '',
      style.vertical ? ` vertical="${style.vertical}"` : '',
      style.wrap ? ' wrapText="1"' : '',
      style.readingOrder ? ` readingOrder="${style.readingOrder === 'rtl' ? 2 : 1}"` : '',
    ].join('');
    const applied = `${fontId ? ' applyFont="1"' : ''}${fillId ? ' applyFill="1"' : ''}${alignment ? ' applyAlignment="1"' : ''}`;
    const xf =
      `<xf numFmtId="0" fontId="${fontId}" fillId="${fillId}" borderId="0" xfId="0"${applied}` +
      (alignment ? `><alignment${alignment}/></xf>` : '/>');
    id = xf === this.formats[0] ? 0 : this.indexOf(this.formats, xf);
    this.ids.set(key, id);
    return id;
  }

  private indexOf(list: string[], item: string): number {
    const i = list.indexOf(item);
    if (i >= 0) return i;
    list.push(item);
    return list.length - 1;
  }

  xml(): string {
    const list = (tag: string, items: string[]) => `<${tag} count="${items.length}">${items.join('')}</${tag}>`;
    return (
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      list('fonts', this.fonts) +
      list('fills', this.fills) +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      list('cellXfs', this.formats) +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>'
    );
  }
}
