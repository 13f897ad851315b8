/**
 * Provisional CPC codes as W/120 writes them. The grammar, from the document itself:
 *   861 · 7523** · 81299* · 83106-83109 · 845+849 · 633+8861-8866 · 884+885 (except for 88442)
 *   9319 (other than 93191) · 81339** or 81319** · n.a. · (empty)
 * `*`  the service is a component of a broader CPC item specified elsewhere in the list;
 * `**` the service covers only part of the activities of the CPC item.
 */
type CodeMarker = '' | '*' | '**';

interface ProvisionalCodePart {
  /** As written, marker and range kept: `83106-83109`, `7523**`. */
  text: string;
  /** The CPC codes the part stands for (a range is expanded). */
  codes: string[];
  marker: CodeMarker;
}

interface ParsedProvisionalCodes {
  raw: string;
  parts: ProvisionalCodePart[];
  /** Every code the entry covers, ranges expanded, in order, without duplicates. */
  codes: string[];
  /** Codes excluded by "(except for …)" / "(other than …)". */
  excluded: string[];
  /** True for "x or y": the document was undecided between the codes. */
  alternatives: boolean;
  /** True for `n.a.`: the document says no CPC code applies. */
  notApplicable: boolean;
}

export class ProvisionalCodeError extends Error {
  constructor(
    readonly raw: string,
    reason: string,
  ) {
    super(`Invalid provisional CPC code "${raw}": ${reason}`);
    this.name = 'ProvisionalCodeError';
  }
}

const TOKEN = /^(\d{2,5})(?:-(\d{2,5}))?(\*{0,2})$/;
const MAX_RANGE = 200;

/** Parses a W/120 provisional CPC cell. Throws ProvisionalCodeError on anything outside the grammar. */
export function parseProvisionalCodes(input: string): ParsedProvisionalCodes {
  const raw = input.trim();
  const result: ParsedProvisionalCodes = {
    raw,
    parts: [],
    codes: [],
    excluded: [],
    alternatives: false,
    notApplicable: false,
  };
  if (raw === '') return result;
  if (/^n\.?\s?a\.?$/i.test(raw)) return { ...result, notApplicable: true };

  let body = raw;
  const exclusion = /\((?:except for|other than)\s+([^)]+)\)\s*$/i.exec(body);
  const excepted = exclusion?.[1];
  if (exclusion && excepted !== undefined) {
    body = body.slice(0, exclusion.index).trim();
    for (const t of excepted.split(/\s*(?:\+|,|and)\s*/)) result.excluded.push(...parseToken(raw, t).codes);
  }
  const alternatives = body.split(/\s+or\s+/i);
  result.alternatives = alternatives.length > 1;
  for (const alt of alternatives) {
    for (const t of alt.split('+')) {
      const part = parseToken(raw, t.trim());
      result.parts.push(part);
      for (const c of part.codes) if (!result.codes.includes(c)) result.codes.push(c);
    }
  }
  return result;
}

function parseToken(raw: string, text: string): ProvisionalCodePart {
  const [, from, to, marker = ''] = TOKEN.exec(text) ?? [];
  if (from === undefined) throw new ProvisionalCodeError(raw, `"${text}" is not a code, a range or a marked code`);
  if (!to) return { text, codes: [from], marker: marker as CodeMarker };
  if (to.length !== from.length) throw new ProvisionalCodeError(raw, `range ends differ in length`);
  const a = Number(from);
  const b = Number(to);
  if (b <= a) throw new ProvisionalCodeError(raw, `range must ascend`);
  if (b - a > MAX_RANGE) throw new ProvisionalCodeError(raw, `range too wide`);
  const codes: string[] = [];
  for (let n = a; n <= b; n++) codes.push(String(n).padStart(from.length, '0'));
  return { text, codes, marker: marker as CodeMarker };
}

/** Splits a cell into the tokens a node shows (`845+849` → [`845`, `849`]); empty for none or n.a. */
export function provisionalCodeTokens(input: string): string[] {
  const p = parseProvisionalCodes(input);
  return p.parts.map((x) => x.text);
}
