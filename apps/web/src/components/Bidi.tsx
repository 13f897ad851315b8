/**
 * Direction of text in the web app (DESIGN.md section 11). The one place that isolates codes,
 * numbers and user-written text, so that Arabic never reads "1.A.a" as "A.a.1" or "3) Acquisition…" as
 * "Acquisition… 3)", and an English sentence in the Arabic interface keeps its first word on the left.
 * Screens render codes with <Code>, texts holding codes with <TextWithCodes> and anything a user wrote with
 * <UserText>; stored rich text goes through `isolateHtml` (RichTextView). Generated files follow the same rules with
 * Unicode isolates (packages/shared/src/text/bidi.ts).
 */
import { Fragment, type ReactNode } from 'react';
import { CODE_PATTERN } from '@portal/shared';

/** A text cut into plain parts and codes, in reading order (codes as CODE_PATTERN finds them). */
export function splitCodes(text: string): { text: string; code: boolean }[] {
  const parts: { text: string; code: boolean }[] = [];
  let at = 0;
  for (const match of text.matchAll(CODE_PATTERN)) {
    let start = match.index ?? 0;
    let code = match[0];
    // A bracket belongs to the code only when both are there ("(1)") or it numbers a line ("3) Acquisition…");
    // otherwise it pairs with a bracket of the surrounding text and stays with that text.
    const opens = code.startsWith('(');
    const closes = code.endsWith(')');
    if (opens && !closes) {
      start += 1;
      code = code.slice(1);
    } else if (closes && !opens && !/(^|\n)[ \t]*$/.test(text.slice(0, start))) {
      code = code.slice(0, -1);
    }
    if (!code) continue;
    if (start > at) parts.push({ text: text.slice(at, start), code: false });
    parts.push({ text: code, code: true });
    at = start + code.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), code: false });
  return parts;
}

/** A code or number: always left to right, whatever the text around it (W/120 "1.A.a", CPC "862", "3)"). */
export function Code({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  );
}

/** A text with codes inside ("1.A.a Legal services", "CPC 861, 862"): each code isolated, the rest left as it is. */
export function TextWithCodes({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  const parts = splitCodes(text);
  if (parts.length === 1 && !parts[0]?.code) return <>{text}</>;
  return <>{parts.map((p, i) => (p.code ? <Code key={i}>{p.text}</Code> : <Fragment key={i}>{p.text}</Fragment>))}</>;
}

type Tag = 'span' | 'div' | 'p' | 'li' | 'strong' | 'h2' | 'h3' | 'h4' | 'td';

/**
 * Text a user wrote (a commitment, a comment, a chat message, a name): it takes the direction of its own first
 * strong letter (`dir="auto"`), isolated from the text around it, and the codes inside stay left to right.
 * Inline (`<bdi>`) unless `as` names a block.
 */
export function UserText({
  text,
  as,
  className,
  lang,
  children,
}: {
  text: string | null | undefined;
  as?: Tag;
  className?: string;
  lang?: string;
  /** Shown after the text, inside the same isolate (a mark such as "[GATS+]"). */
  children?: ReactNode;
}) {
  const Element = as ?? 'bdi';
  return (
    <Element dir="auto" className={className} lang={lang}>
      <TextWithCodes text={text} />
      {children}
    </Element>
  );
}

/**
 * A place for a user-written value in a translated sentence (`t(key, { name: slot(0) })`), see `WithUserValues`:
 * private-use characters, which no translation or name holds.
 */
export const slot = (index: number): string => `\uE000${index}\uE001`;

/**
 * A translated sentence holding names, titles or file names ("Amina Diallo joined the conversation"): each value
 * put back into its `slot` inside its own isolate (`<bdi dir="auto">`), so an Arabic name keeps its order in an
 * English sentence and a Latin one in an Arabic sentence, and the sentence's words stay where the language puts them.
 */
export function WithUserValues({ text, values }: { text: string; values: (string | null | undefined)[] }) {
  const parts = text.split(/\uE000(\d+)\uE001/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 0 ? <Fragment key={i}>{part}</Fragment> : <UserText key={i} text={values[Number(part)] ?? ''} />,
      )}
    </>
  );
}

/** Props of a field where a user types free text: it follows the direction of what is typed, not the interface's. */
export const TYPED_TEXT = { dir: 'auto' } as const;

/** Block elements of stored rich text that form a paragraph of their own. */
const PARAGRAPHS = 'p, li, h1, h2, h3, h4, h5, h6, blockquote, td, th, pre';

/**
 * Stored (already sanitized) rich text made safe for either direction: each paragraph takes the direction of its
 * own first letter (`dir="auto"`), and every code inside a paragraph is isolated left to right (`<bdi dir="ltr">`).
 */
export function isolateHtml(html: string): string {
  if (!html || typeof document === 'undefined') return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  const root = template.content;
  for (const el of root.querySelectorAll(PARAGRAPHS)) if (!el.hasAttribute('dir')) el.setAttribute('dir', 'auto');
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!(node.parentElement?.closest('bdi, code, pre') ?? null)) texts.push(node as Text);
  }
  for (const node of texts) {
    const parts = splitCodes(node.data);
    if (!parts.some((p) => p.code)) continue;
    const fragment = document.createDocumentFragment();
    for (const p of parts) {
      if (!p.code) {
        fragment.append(p.text);
        continue;
      }
      const bdi = document.createElement('bdi');
      bdi.setAttribute('dir', 'ltr');
      bdi.textContent = p.text;
      fragment.append(bdi);
    }
    node.replaceWith(fragment);
  }
  return template.innerHTML;
}
