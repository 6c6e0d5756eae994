/**
 * Files of the signed-in customer (PDFs, the calendar file): a raw fetch, since the API client
 * reads bodies as text, with one session renewal when the access token has run out.
 */
import { saveBlob } from '@venue/ui/light';
import { portalSession, refreshPortalSession } from '../api/client.ts';

export async function downloadPortalFile(path: string, fallbackName: string): Promise<void> {
  const get = (token: string | null) =>
    fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  let res = await get(portalSession.get().token);
  if (res.status === 401) {
    const token = await refreshPortalSession();
    if (!token) throw new Error('Your session has ended. Please sign in again.');
    res = await get(token);
  }
  if (!res.ok) {
    let message = `The file could not be downloaded (${res.status}).`;
    try {
      const body = (await res.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // not JSON: keep the sentence
    }
    throw new Error(message);
  }
  const m = /filename="?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '');
  saveBlob(m?.[1] ?? fallbackName, await res.blob());
}
