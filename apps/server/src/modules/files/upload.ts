import type { FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES, uploadFailedMessage } from '@portal/shared';
import { AppError, badRequest } from '../../errors.js';
import { assertStorable } from '../../lib/hostile-input.js';

const NO_FILE_NAME = 'The uploaded file has no file name: send it with its name (e.g. offer.pdf)';
const MALFORMED_MULTIPART = 'The multipart body is malformed or incomplete: send one file in a field named file';

/**
 * Reads the single file of a multipart body; a file over the limit is cut at the limit plus one byte and refused.
 * The parser's own errors (a missing boundary, a broken part header, a body cut short) carry no status: they
 * are the sender's fault, so they are a 400 rather than a 500.
 */
export async function readUpload(
  req: FastifyRequest,
  maxBytes = UPLOAD_MAX_BYTES,
): Promise<{ fileName: string; data: Buffer }> {
  const file = await readOptionalUpload(req, maxBytes);
  if (!file) throw badRequest('Send the file as multipart/form-data in a field named file');
  return file;
}

/**
 * readUpload for a call where the file may be left out (POST /response-offer/file/{id}: the server then makes the
 * PDF): null for a body that is not multipart or a multipart body without a file part; the same refusals otherwise.
 */
export async function readOptionalUpload(
  req: FastifyRequest,
  maxBytes = UPLOAD_MAX_BYTES,
): Promise<{ fileName: string; data: Buffer } | null> {
  if (!req.isMultipart()) return null;
  let fileName: string | undefined;
  try {
    const part = await req.file({ limits: { fileSize: maxBytes, files: 1, fields: 10 } });
    if (!part) return null;
    // A part without a file name (or with one that cannot be stored) is refused before its bytes are read.
    if (!part.filename?.trim()) throw badRequest(NO_FILE_NAME);
    assertStorable(part.filename);
    fileName = part.filename;
    const data = await part.toBuffer();
    return { fileName, data };
  } catch (err) {
    if (err instanceof AppError) throw err;
    const { code, statusCode } = err as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, uploadFailedMessage(fileName ?? 'file'), 'PAYLOAD_TOO_LARGE');
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) throw err;
    throw badRequest(MALFORMED_MULTIPART);
  }
}
