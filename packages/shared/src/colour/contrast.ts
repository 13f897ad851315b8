/**
 * Contrast of the home settings' colours (WCAG 2.2 AA): the spec's colours stay the settings' defaults, but
 * what is drawn uses an accessible shade of each chosen colour when it fails against the page, and the settings screen
 * warns. One definition, used by the web app's theme, the home page and the settings screen.
 */
import { HOME_DEFAULT_COLOURS } from '../constants.js';

export type HomeColours = Record<keyof typeof HOME_DEFAULT_COLOURS, string>;

/** Text needs 4.5:1 against its background; large text, focus rings and other graphics 3:1. */
export const TEXT_CONTRAST = 4.5;
export const GRAPHIC_CONTRAST = 3;

const PAGE = '#ffffff';
/**
 * The palest tinted background the interface puts coloured text on (a selected menu entry or tab, a highlighted row):
 * text colours are shaded to read on it too, not only on white.
 */
const TINT = '#dbe5f0';

/** A shade reaching `min` against every one of the backgrounds. */
function shadeAgainst(colour: string, backgrounds: string[], min: number): string {
  let shade = colour;
  for (let i = 0; i < 3; i++) for (const background of backgrounds) shade = accessibleShade(shade, background, min);
  return shade;
}

function channels(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  const n = parseInt(m ? m[1]! : '000000', 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * The colour itself when it reaches `min` against `background`; otherwise the nearest shade of it that does, mixed
 * towards black (or white on a dark background) a little at a time, so the hue stays recognisable.
 */
export function accessibleShade(colour: string, background: string = PAGE, min: number = TEXT_CONTRAST): string {
  const start = toHex(channels(colour));
  if (contrastRatio(start, background) >= min) return start;
  const target = relativeLuminance(background) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  const from = channels(start);
  for (let step = 1; step <= 20; step++) {
    const shade = toHex(from.map((c, i) => c + ((target[i]! - c) * step) / 20));
    if (contrastRatio(shade, background) >= min) return shade;
  }
  return toHex(target);
}

/** A chosen colour that fails its contrast, with the shade drawn instead. */
export interface ColourWarning {
  field: keyof HomeColours;
  ratio: number;
  required: number;
  shade: string;
}

/** The colours as drawn: each text colour readable on the page, button text readable on the button. */
export function accessibleColours(chosen: HomeColours): HomeColours {
  return {
    // The button colour is also the interface's primary colour: text of that colour sits on tinted backgrounds.
    buttonBackColor: shadeAgainst(chosen.buttonBackColor, [chosen.buttonColor, TINT], TEXT_CONTRAST),
    buttonColor: chosen.buttonColor,
    mainTextColor: accessibleShade(chosen.mainTextColor, PAGE, TEXT_CONTRAST),
    secondaryTextColor: shadeAgainst(chosen.secondaryTextColor, [PAGE, TINT], TEXT_CONTRAST),
    underline: accessibleShade(chosen.underline, PAGE, GRAPHIC_CONTRAST),
    linkColor: shadeAgainst(chosen.linkColor, [PAGE, TINT], TEXT_CONTRAST),
  };
}

/** The colour mixed `amount` (0 to 1) of the way to black. */
const darker = (hex: string, amount: number) => toHex(channels(hex).map((c) => c * (1 - amount)));

/**
 * The primary colour under the pointer and pressed (`drawn`: accessibleColours' shades). antd derives lighter ones,
 * which read below 4.5:1 with the button's text (4.1:1 with the defaults); these are darker, still reading at 4.5:1
 * with the button's text and as text on the page (a default button's label takes the hover colour).
 */
export function primaryStates(drawn: HomeColours): { hover: string; active: string } {
  const against = [drawn.buttonColor, PAGE];
  return {
    hover: shadeAgainst(darker(drawn.buttonBackColor, 0.12), against, TEXT_CONTRAST),
    active: shadeAgainst(darker(drawn.buttonBackColor, 0.24), against, TEXT_CONTRAST),
  };
}

/** The keyboard focus ring: the button colour, shaded to 3:1 against the page. */
export const focusColour = (chosen: HomeColours) => accessibleShade(chosen.buttonBackColor, PAGE, GRAPHIC_CONTRAST);

/** The chosen colours that fail, for the settings screen's warning. */
export function colourWarnings(chosen: HomeColours): ColourWarning[] {
  const drawn = accessibleColours(chosen);
  const against: Record<keyof HomeColours, [string, number]> = {
    buttonBackColor: [chosen.buttonColor, TEXT_CONTRAST],
    buttonColor: [chosen.buttonBackColor, TEXT_CONTRAST],
    mainTextColor: [PAGE, TEXT_CONTRAST],
    secondaryTextColor: [PAGE, TEXT_CONTRAST],
    underline: [PAGE, GRAPHIC_CONTRAST],
    linkColor: [PAGE, TEXT_CONTRAST],
  };
  return (Object.keys(against) as (keyof HomeColours)[]).flatMap((field) => {
    const [background, required] = against[field];
    const ratio = contrastRatio(chosen[field], background);
    if (ratio >= required) return [];
    // The button text is kept as chosen: its background is what gets shaded.
    const shade = field === 'buttonColor' ? chosen.buttonColor : drawn[field];
    return [{ field, ratio: Math.round(ratio * 100) / 100, required, shade }];
  });
}
