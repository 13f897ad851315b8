import fs from 'node:fs/promises';
import crypto from 'node:crypto';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { PORTAL_NAME, type MailContent } from './content.js';
import { renderMail } from './render.js';

/** A mail to send: its content (rendered here, text and HTML) and where it goes. */
export type MailMessage = MailContent & {
  to: string;
  /** Where the recipient's answer goes when it should not go to MAIL_FROM. */
  replyTo?: string;
};

/** Sends mail. The embedded default writes .eml files; SMTP when SMTP_URL is set. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

interface MailerOptions {
  smtpUrl?: string;
  outboxDir: string;
  /** MAIL_FROM: the sender's address. */
  from: string;
  /** MAIL_FROM_NAME: one display name for every language instead of the portal's name in the mail's language. */
  fromName?: string;
  log: FastifyBaseLogger;
}

/** The address of a `Name <address>` or bare address. */
const addressOf = (from: string) => /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

/** Picks the mailer from the configuration: SMTP when configured, else the outbox folder. */
export function createMailer({ smtpUrl, outboxDir, from, fromName, log }: MailerOptions): Mailer {
  const address = addressOf(from);
  if (address !== from.trim() && !fromName)
    log.warn('MAIL_FROM has a display name: the portal names itself in each mail’s language; see MAIL_FROM_NAME');
  /** The message as nodemailer takes it: both parts, the sender named in the recipient's language, the headers. */
  const compose = ({ to, replyTo, ...content }: MailMessage) => ({
    from: { name: fromName ?? PORTAL_NAME[content.language], address },
    to,
    ...(replyTo ? { replyTo } : {}),
    ...renderMail(content),
    // Quoted-printable keeps ASCII (codes, links) readable in the raw .eml file, whatever the language.
    textEncoding: 'quoted-printable' as const,
    headers: {
      'Content-Language': content.language,
      // RFC 3834: automatic replies (vacation notices) do not answer mail the portal generated.
      ...(content.automatic === false ? {} : { 'Auto-Submitted': 'auto-generated' }),
    },
  });
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail(compose(message));
        log.info({ to: message.to, subject: message.subject }, 'mail sent by SMTP');
      },
    };
  }
  // CRLF line endings, as RFC 5322 wants them on the wire: the .eml file is the message SMTP would carry.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      const info = await transport.sendMail(compose(message));
      await fs.mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      await fs.writeFile(path.join(outboxDir, name), info.message as Buffer);
      log.info({ to: message.to, subject: message.subject, file: name }, 'mail written to outbox');
    },
  };
}
