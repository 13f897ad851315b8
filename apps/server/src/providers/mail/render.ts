/**
 * Renders a mail's plain-text and HTML parts from one `MailContent`. The HTML is deliberately plain: one column, inline
 * styles only (mail clients drop style sheets), no images, the action as a real link drawn as a button in the portal's
 * primary colour, `lang` and `dir` on the html element, and colours that read at 4.5:1 at least.
 */
import { HOME_DEFAULT_COLOURS, accessibleColours } from '@portal/shared';
import { COLON, PORTAL_NAME, type MailBlock, type MailContent, type MailLink } from './content.js';

/** The web app's primary colour (its button colour, shaded to carry white text at 4.5:1). */
const PRIMARY = accessibleColours(HOME_DEFAULT_COLOURS).buttonBackColor;
const ON_PRIMARY = HOME_DEFAULT_COLOURS.buttonColor;
const TEXT = '#1f1f1f';
/** Secondary text on white at 7:1. */
const MUTED = '#595959';
const FONT =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Naskh Arabic', 'DejaVu Sans', Tahoma, sans-serif";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Escaped text whose line breaks are kept. */
const lines = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>');

const isCode = (b: MailBlock): b is { code: string } => typeof b === 'object' && 'code' in b;
const isQuote = (b: MailBlock): b is { quote: string } => typeof b === 'object' && 'quote' in b;
const isAction = (b: MailBlock): b is { action: MailLink } => typeof b === 'object' && 'action' in b;

function textBlock(block: MailBlock, colon: string): string {
  if (typeof block === 'string') return block;
  if (isCode(block)) return block.code;
  if (isQuote(block))
    return block.quote
      .split(/\r?\n/)
      .map((l) => `> ${l}`)
      .join('\n');
  const link = isAction(block) ? block.action : block.link;
  return `${link.label}${colon}\n${link.url}`;
}

/** The plain-text part: blocks a blank line apart, each link as its label and its address on a line of its own. */
export function renderText(mail: MailContent): string {
  const blocks = [
    ...(mail.greeting ? [mail.greeting] : []),
    ...mail.body.map((b) => textBlock(b, COLON[mail.language])),
    ...(mail.footer ? [mail.footer] : []),
    `-- \n${PORTAL_NAME[mail.language]}`,
  ];
  return `${blocks.join('\n\n')}\n`;
}

const P = `margin:0 0 16px 0;`;

function htmlBlock(block: MailBlock, start: 'left' | 'right'): string {
  if (typeof block === 'string') return `<p style="${P}">${lines(block)}</p>`;
  if (isCode(block))
    return `<p style="${P}font-family:Consolas,'DejaVu Sans Mono',monospace;font-size:28px;font-weight:bold;letter-spacing:4px;" dir="ltr">${escapeHtml(block.code)}</p>`;
  if (isQuote(block))
    return `<blockquote style="${P}padding:0 12px;border-${start}:3px solid #8c8c8c;color:${MUTED};">${lines(block.quote)}</blockquote>`;
  if (isAction(block)) {
    const { label, url } = block.action;
    return (
      `<p style="margin:8px 0 8px 0;"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 24px;` +
      `background-color:${PRIMARY};color:${ON_PRIMARY};font-weight:bold;text-decoration:none;border-radius:6px;">` +
      `${escapeHtml(label)}</a></p>` +
      `<p style="${P}font-size:13px;color:${MUTED};word-break:break-all;" dir="ltr">${escapeHtml(url)}</p>`
    );
  }
  const { label, url } = block.link;
  return (
    `<p style="${P}"><a href="${escapeHtml(url)}" style="color:${PRIMARY};text-decoration:underline;">` +
    `${escapeHtml(label)}</a><br><span style="font-size:13px;color:${MUTED};word-break:break-all;" dir="ltr">` +
    `${escapeHtml(url)}</span></p>`
  );
}

/** The HTML part: the same blocks as the text, the portal's name as a band at the top. */
export function renderHtml(mail: MailContent): string {
  const dir = mail.language === 'ar' ? 'rtl' : 'ltr';
  const start = dir === 'rtl' ? 'right' : 'left';
  const blocks = [
    ...(mail.greeting ? [`<p style="${P}">${lines(mail.greeting)}</p>`] : []),
    ...mail.body.map((b) => htmlBlock(b, start)),
    ...(mail.footer
      ? [
          `<p style="margin:24px 0 0 0;padding-top:12px;border-top:1px solid #d9d9d9;font-size:13px;color:${MUTED};">${lines(mail.footer)}</p>`,
        ]
      : []),
  ];
  return [
    '<!DOCTYPE html>',
    `<html lang="${mail.language}" dir="${dir}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(mail.subject)}</title>`,
    '</head>',
    `<body style="margin:0;padding:0;background-color:#f0f2f5;">`,
    `<div lang="${mail.language}" dir="${dir}" style="max-width:600px;margin:0 auto;padding:16px;font-family:${escapeHtml(FONT)};font-size:16px;line-height:1.5;color:${TEXT};text-align:${start};">`,
    `<p style="margin:0;padding:12px 16px;background-color:${PRIMARY};color:${ON_PRIMARY};font-weight:bold;font-size:18px;">${escapeHtml(PORTAL_NAME[mail.language])}</p>`,
    `<div style="padding:16px;background-color:#ffffff;">`,
    ...blocks,
    '</div>',
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Both parts of a mail. */
export function renderMail(mail: MailContent): RenderedMail {
  return { subject: mail.subject, text: renderText(mail), html: renderHtml(mail) };
}
