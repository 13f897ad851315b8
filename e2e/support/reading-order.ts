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
