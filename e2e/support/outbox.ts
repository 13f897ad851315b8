/** The portal's mail outbox as the journeys read it: each .eml file parsed as a mail client would (MIME, CRLF, QP). */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { inject } from 'vitest';

/**
 * What `find` finds in the text part of the newest mail to `email` written after `since`, waiting for it up to
 * `timeoutMs`; `what` names it in the error when no mail brings it.
 */
export async function findInMail<T>(
  email: string,
  since: number,
  find: (text: string) => T | undefined,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const outbox = join(inject('dataDir'), 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
    const mails = await Promise.all(
      names.map(async (n) => ({ path: join(outbox, n), mtime: (await stat(join(outbox, n))).mtimeMs })),
    );
    for (const file of mails.filter((m) => m.mtime >= since - 1000).sort((a, b) => b.mtime - a.mtime)) {
      const mail = await simpleParser(await readFile(file.path));
      const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address?.toLowerCase()));
      const found = to.includes(email.toLowerCase()) && mail.text ? find(mail.text) : undefined;
      if (found !== undefined) return found;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No ${what} mailed to ${email}`);
}
