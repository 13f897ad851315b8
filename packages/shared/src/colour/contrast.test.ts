import { describe, expect, it } from 'vitest';
import { HOME_DEFAULT_COLOURS } from '../constants.js';
import {
  GRAPHIC_CONTRAST,
  TEXT_CONTRAST,
  accessibleColours,
  accessibleShade,
  colourWarnings,
  contrastRatio,
  focusColour,
  primaryStates,
} from './contrast.js';

describe('colour contrast (WCAG 2.2 AA)', () => {
  it('computes the WCAG ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#599cff', '#ffffff')).toBeLessThan(3);
  });

  it('keeps a colour that passes and shades one that fails, keeping its hue', () => {
    expect(accessibleShade('#000000')).toBe('#000000');
    const shade = accessibleShade('#599cff');
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(shade.slice(i, i + 2), 16));
    expect(b).toBeGreaterThan(r!);
    expect(b).toBeGreaterThan(g!);
    // On a dark background a failing colour is lightened.
    expect(contrastRatio(accessibleShade('#333333', '#000000'), '#000000')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it("draws the spec's default colours in accessible shades and says which ones fail", () => {
    const drawn = accessibleColours(HOME_DEFAULT_COLOURS);
    expect(contrastRatio(drawn.buttonBackColor, drawn.buttonColor)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(drawn.linkColor, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(drawn.secondaryTextColor, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(drawn.underline, '#ffffff')).toBeGreaterThanOrEqual(GRAPHIC_CONTRAST);
    expect(drawn.mainTextColor).toBe('#000000');
    expect(colourWarnings(HOME_DEFAULT_COLOURS).map((w) => w.field)).toEqual([
      'buttonBackColor',
      'buttonColor',
      'secondaryTextColor',
      'underline',
      'linkColor',
    ]);
    expect(contrastRatio(focusColour(HOME_DEFAULT_COLOURS), '#ffffff')).toBeGreaterThanOrEqual(GRAPHIC_CONTRAST);
  });

  it('has nothing to say of colours that pass', () => {
    const fine = {
      ...HOME_DEFAULT_COLOURS,
      buttonBackColor: '#1d4ed8',
      secondaryTextColor: '#1d4ed8',
      underline: '#b45309',
      linkColor: '#1d4ed8',
    };
    expect(colourWarnings(fine)).toEqual([]);
    expect(accessibleColours(fine)).toEqual(fine);
  });

  it('shades the hovered and pressed primary colour darker, readable with the button text and on the page', () => {
    const drawn = accessibleColours(HOME_DEFAULT_COLOURS);
    const { hover, active } = primaryStates(drawn);
    for (const state of [hover, active]) {
      expect(contrastRatio(state, drawn.buttonColor)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrastRatio(state, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    // Each state is seen to change: darker than the button, pressed darker than hovered.
    expect(contrastRatio(hover, '#ffffff')).toBeGreaterThan(contrastRatio(drawn.buttonBackColor, '#ffffff'));
    expect(contrastRatio(active, '#ffffff')).toBeGreaterThan(contrastRatio(hover, '#ffffff'));
  });
});
