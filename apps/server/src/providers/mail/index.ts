import fs from 'node:fs/promises';
import crypto from 'node:crypto';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where the recipient's answer goes when it should not go to MAIL_FROM. */
  replyTo?: string;
}

/** Sends mail. The embedded default writes .eml files; SMTP when SMTP_URL is set. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

interface MailerOptions {
  smtpUrl?: string;
  outboxDir: string;
  from: string;
  log: FastifyBaseLogger;
}

/** Picks the mailer from the configuration: SMTP when configured, else the outbox folder. */
export function createMailer({ smtpUrl, outboxDir, from, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, textEncoding: 'quoted-printable', ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent by SMTP');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      // Quoted-printable keeps ASCII (codes, links) readable in the raw .eml file, whatever the language.
      const info = await transport.sendMail({ from, textEncoding: 'quoted-printable', ...message });
      await fs.mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      await fs.writeFile(path.join(outboxDir, name), info.message as Buffer);
      log.info({ to: message.to, subject: message.subject, file: name }, 'mail written to outbox');
    },
  };
}
