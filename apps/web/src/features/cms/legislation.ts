/** Reading the legislation texts: the attached PDF needs the bearer token, so it is fetched and saved from a Blob. */
import { requestBlob } from '../chat/blob';
import { saveFile } from '../../api/download';

/** The name a downloaded text is saved under: its title, made safe for a file name. */
function documentFileName(title: string): string {
  const base = title
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${base || 'document'}.pdf`;
}

/** Downloads an entry's PDF and hands it to the browser. */
export async function downloadDocument(fileKey: string, title: string): Promise<void> {
  const blob = await requestBlob(`/file/aws/download/${encodeURIComponent(fileKey)}`);
  saveFile(blob, documentFileName(title));
}
