/**
 * Downloads a file as a Blob. The HTTP client answers JSON envelopes only, so this makes the first call
 * with a token it obtains through that client (which refreshes it when needed) and reads the bytes.
 */
import { ApiError, http } from '../../api/http';

export async function requestBlob(path: string): Promise<Blob> {
  await http.get('/profile/current').catch(() => undefined);
  const token = localStorage.getItem('access_token');
  const res = await fetch(`/api${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string; code?: string };
    throw new ApiError(res.status, body.message ?? res.statusText, body.code ?? `HTTP_${res.status}`);
  }
  return res.blob();
}
