/** The order text is drawn in on screen, measured character by character, for right-to-left checks. */
import { expect } from 'vitest';
import type { Locator } from 'playwright-core';

/**
 * Where each character of `needle` (spaces left out) is drawn on screen — horizontal centre and line (top) — in the
 * order of the text.
 */
export function characterBoxes(scope: Locator, needle: string): Promise<{ x: number; y: number }[]> {
  return scope.evaluate((root, needle) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    const starts: number[] = [];
    let all = '';
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      starts.push(all.length);
      nodes.push(n as Text);
      all += (n as Text).data;
    }
    const at = all.indexOf(needle);
    if (at < 0) throw new Error(`"${needle}" is not in "${all}"`);
    const boxes: { x: number; y: number }[] = [];
    for (let i = at; i < at + needle.length; i++) {
      if (/\s/.test(all[i])) continue;
      let k = starts.length - 1;
      while (starts[k] > i) k--;
      const range = document.createRange();
      range.setStart(nodes[k], i - starts[k]);
      range.setEnd(nodes[k], i - starts[k] + 1);
      const box = range.getBoundingClientRect();
      boxes.push({ x: box.left + box.width / 2, y: box.top });
    }
    return boxes;
  }, needle);
}

/** The horizontal centre of each character of `needle` (one line). */
export const characterPositions = (scope: Locator, needle: string) =>
  characterBoxes(scope, needle).then((boxes) => boxes.map((b) => b.x));

/**
 * Asserts the fragment reads left to right on screen: on one line each character stands right of the one before it;
 * a wrapped text goes on on the line below.
 */
export async function expectLeftToRight(scope: Locator, needle: string): Promise<void> {
  const boxes = await characterBoxes(scope, needle);
  expect(boxes.length).toBeGreaterThan(1);
  const backwards = boxes.flatMap((b, i) => {
    if (i === 0) return [];
    const before = boxes[i - 1];
    const sameLine = Math.abs(b.y - before.y) < 4;
    return (sameLine ? b.x > before.x : b.y > before.y) ? [] : [i];
  });
  const drawn = boxes.map((b) => `${Math.round(b.x)}/${Math.round(b.y)}`).join(' ');
  expect(backwards, `"${needle}" drawn at ${drawn}`).toEqual([]);
}

/** One character of a text as drawn: its box on screen (zero wide for marks nobody sees, such as isolates). */
interface DrawnCharacter {
  x: number;
  top: number;
  bottom: number;
  width: number;
}

/** The text of `scope` (its text nodes in order) and, for each of its characters, where it is drawn. */
function drawnText(scope: Locator): Promise<{ text: string; boxes: DrawnCharacter[] }> {
  return scope.evaluate((root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let text = '';
    const boxes: DrawnCharacter[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const node = n as Text;
      text += node.data;
      for (let i = 0; i < node.data.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        boxes.push({ x: box.left + box.width / 2, top: box.top, bottom: box.bottom, width: box.width });
      }
    }
    return { text, boxes };
  });
}

/** The visible characters of `text` from `at` to `end`, with their boxes (white space and invisible marks left out). */
const visibleBetween = (drawn: { text: string; boxes: DrawnCharacter[] }, at: number, end: number) =>
  drawn.boxes
    .map((box, i) => ({ ...box, i, c: drawn.text[i] }))
    .filter((b) => b.i >= at && b.i < end && b.width > 0 && !/\s/.test(b.c));

/** Two characters on one line: their boxes overlap over more than half the height of the smaller. */
const sameLine = (a: DrawnCharacter, b: DrawnCharacter) =>
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > Math.min(a.bottom - a.top, b.bottom - b.top) / 2;

function find(text: string, needle: string, from = 0): number {
  const at = text.indexOf(needle, from);
  if (at < 0) throw new Error(`"${needle}" is not in "${text.slice(from)}"`);
  return at;
}

/**
 * Asserts `needle` is drawn as one piece: on each line it takes, no other character of the scope is drawn between
 * its characters (a name, a title or a date that the text around it did not cut in two).
 */
export async function expectWhole(scope: Locator, needle: string): Promise<void> {
  const drawn = await drawnText(scope);
  const at = find(drawn.text, needle);
  const inside = visibleBetween(drawn, at, at + needle.length);
  const others = visibleBetween(drawn, 0, drawn.text.length).filter((b) => b.i < at || b.i >= at + needle.length);
  const between = others.filter((o) => {
    const line = inside.filter((c) => sameLine(c, o));
    return line.length > 0 && o.x > Math.min(...line.map((c) => c.x)) && o.x < Math.max(...line.map((c) => c.x));
  });
  expect(between.map((b) => b.c).join(''), `drawn inside "${needle}"`).toBe('');
}

/** Asserts `needle` is drawn on one line (a date the width of its column did not cut in two). */
export async function expectOnOneLine(scope: Locator, needle: string): Promise<void> {
  const drawn = await drawnText(scope);
  const at = find(drawn.text, needle);
  const inside = visibleBetween(drawn, at, at + needle.length);
  const apart = inside.filter((c) => !sameLine(c, inside[0]));
  expect(apart.map((c) => c.c).join(''), `"${needle}" goes on another line from`).toBe('');
}

/**
 * Asserts the parts (found one after the other in the text) are drawn in that order for a reader of `direction`: each
 * part on a later line than the one before it, or on the same line and further along (to the left right to left).
 * Parts are compared character by character, so a part whose punctuation or number moved to the other side fails.
 */
export async function expectReadInOrder(
  scope: Locator,
  parts: string[],
  direction: 'rtl' | 'ltr' = 'rtl',
): Promise<void> {
  const drawn = await drawnText(scope);
  let from = 0;
  const found = parts.map((part) => {
    const at = find(drawn.text, part, from);
    from = at + part.length;
    return visibleBetween(drawn, at, from);
  });
  for (let k = 1; k < parts.length; k++) {
    for (const before of found[k - 1]) {
      for (const after of found[k]) {
        const further = direction === 'rtl' ? after.x < before.x : after.x > before.x;
        const ok = sameLine(before, after) ? further : after.top >= before.bottom - 2;
        expect(ok, `"${after.c}" of "${parts[k]}" is drawn before "${before.c}" of "${parts[k - 1]}"`).toBe(true);
      }
    }
  }
}
