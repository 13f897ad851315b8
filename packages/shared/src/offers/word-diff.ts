/**
 * The word-level difference of two texts (longest common subsequence over words), for the offer comparison
 * (diff.ts): text is split on white space only, so punctuation stays with its word and Arabic or French words are
 * never cut; the spans keep the white space, so joining them gives the texts back.
 */
import { commonSubsequenceLengths } from './lcs.js';

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
  const wordsA = a.map(wordOf);
  const wordsB = b.map(wordOf);
  const spans: WordSpan[] = [];
  let start = 0;
  while (start < a.length && start < b.length && wordsA[start] === wordsB[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && wordsA[endA - 1] === wordsB[endB - 1]) {
    endA--;
    endB--;
  }
  // The words kept take the spacing of the second text, as the reader sees it there.
  push(spans, 'same', b.slice(0, start).join(''));
  const middleA = a.slice(start, endA);
  const middleB = b.slice(start, endB);
  const n = middleA.length;
  const m = middleB.length;
  if (n * m > MAX_WORD_PAIRS || n === 0 || m === 0) {
    push(spans, 'del', middleA.join(''));
    push(spans, 'ins', middleB.join(''));
  } else {
    const middleWordsA = wordsA.slice(start, endA);
    const middleWordsB = wordsB.slice(start, endB);
    const common = commonSubsequenceLengths(middleWordsA, middleWordsB);
    // Along a longest common subsequence until one of the middles runs out; the rest of the other follows whole.
    let i = 0;
    let j = 0;
    for (let x = middleA[i], y = middleB[j]; x !== undefined && y !== undefined; x = middleA[i], y = middleB[j]) {
      if (middleWordsA[i] === middleWordsB[j]) {
        push(spans, 'same', y);
        i++;
        j++;
      } else if (common(i + 1, j) >= common(i, j + 1)) {
        push(spans, 'del', x);
        i++;
      } else {
        push(spans, 'ins', y);
        j++;
      }
    }
    push(spans, 'del', middleA.slice(i).join(''));
    push(spans, 'ins', middleB.slice(j).join(''));
  }
  push(spans, 'same', b.slice(endB).join(''));
  return spans;
}

/** The spans one side shows: the first document ('same' and 'del') or the second ('same' and 'ins'). */
export function sideSpans(spans: readonly WordSpan[], side: 'before' | 'after'): WordSpan[] {
  const hidden = side === 'before' ? 'ins' : 'del';
  return spans.filter((s) => s.op !== hidden);
}
