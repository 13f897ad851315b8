/** Files the server makes (exports, attachments): fetched through the one HTTP client, saved under the server's name. */
import { requestFile, type RequestOptions } from './http';

/**
 * Hands a file to the browser's downloads, as if the user had followed a link to it: the one way the web app saves a
 * file it holds (a fetched file, a workbook sent as base64, a CSV it wrote).
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers read the object URL after click() returns: keep it for a while.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads a file under /api with the session (token refreshed when needed) and saves it under the name the server
 * gave (Content-Disposition), else `fallbackName`. Rejects with the ApiError of a refused call; nothing is saved then.
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  options: RequestOptions & { method?: string } = {},
): Promise<string> {
  const { method = 'GET', ...rest } = options;
  const file = await requestFile(method, path, rest);
  const name = file.fileName ?? fallbackName;
  saveFile(file.blob, name);
  return name;
}

/** Saves a file the server sent inside a JSON answer, its bytes as base64 (the coverage and GATS workbooks). */
export function saveBase64File(file: { fileName: string; contentType: string; base64: string }): void {
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  saveFile(new Blob([bytes], { type: file.contentType }), file.fileName);
}
