/**
 * The word-level difference of two texts (longest common subsequence over words), for the offer comparison
 * (diff.ts): text is split on white space only, so punctuation stays with its word and Arabic or French words are
 * never cut; the spans keep the white space, so joining them gives the texts back.
 */

/** A run of words: kept in both, deleted from the first document, or inserted in the second. */
export interface WordSpan {
  op: 'same' | 'del' | 'ins';
  text: string;
}

/** Above this many word pairs, the middle of two long texts is shown as replaced whole rather than compared. */
const MAX_WORD_PAIRS = 2_000_000;

/** Words with the white space that follows them ("Foreign ", "law ", "firms."), leading white space on its own. */
function tokens(text: string): string[] {
  return text.match(/^\s+|\S+\s*/gu) ?? [];
}

const wordOf = (token: string) => token.trim().normalize('NFC');

function push(spans: WordSpan[], op: WordSpan['op'], text: string) {
  if (!text) return;
  const last = spans[spans.length - 1];
  if (last && last.op === op) last.text += text;
  else spans.push({ op, text });
}

/**
 * The word-level difference of two texts: spans in reading order, each kept ('same'), deleted ('del') or inserted
 * ('ins'). Joining the 'same' and 'del' spans gives `before`, the 'same' and 'ins' spans `after`.
 */
export function diffWords(before: string, after: string): WordSpan[] {
  const a = tokens(before);
  const b = tokens(after);
  const spans: WordSpan[] = [];
  let start = 0;
  while (start < a.length && start < b.length && wordOf(a[start]) === wordOf(b[start])) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && wordOf(a[endA - 1]) === wordOf(b[endB - 1])) {
    endA--;
    endB--;
  }
  // The words kept take the spacing of the second text, as the reader sees it there.
  push(spans, 'same', b.slice(0, start).join(''));
  const n = endA - start;
  const m = endB - start;
  if (n * m > MAX_WORD_PAIRS || n === 0 || m === 0) {
    push(spans, 'del', a.slice(start, endA).join(''));
    push(spans, 'ins', b.slice(start, endB).join(''));
  } else {
    // lengths[i][j]: the longest common subsequence of a[start+i…] and b[start+j…].
    const width = m + 1;
    const lengths = new Uint32Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i--)
      for (let j = m - 1; j >= 0; j--)
        lengths[i * width + j] =
          wordOf(a[start + i]) === wordOf(b[start + j])
            ? lengths[(i + 1) * width + j + 1] + 1
            : Math.max(lengths[(i + 1) * width + j], lengths[i * width + j + 1]);
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (wordOf(a[start + i]) === wordOf(b[start + j])) {
        push(spans, 'same', b[start + j]);
        i++;
        j++;
      } else if (lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) {
        push(spans, 'del', a[start + i++]);
      } else {
        push(spans, 'ins', b[start + j++]);
      }
    }
    while (i < n) push(spans, 'del', a[start + i++]);
    while (j < m) push(spans, 'ins', b[start + j++]);
  }
  push(spans, 'same', b.slice(endB).join(''));
  return spans;
}

/** The spans one side shows: the first document ('same' and 'del') or the second ('same' and 'ins'). */
export function sideSpans(spans: readonly WordSpan[], side: 'before' | 'after'): WordSpan[] {
  const hidden = side === 'before' ? 'ins' : 'del';
  return spans.filter((s) => s.op !== hidden);
}
