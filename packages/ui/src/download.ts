/**
 * File downloads for every remote: files the server produces (CSV, PDF, iCalendar) and
 * blobs built in the page. One place, so every export behaves and names files the same way.
 */

/** Hands a blob to the browser as a file download. */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The file's text. A CSV starts with the UTF-8 byte-order mark the server wrote (Excel on
 * Windows needs it to read anything but ASCII), which the API client's Response.text() drops.
 */
export function fileText(text: string, mime: string): string {
  return mime.startsWith('text/csv') && !text.startsWith('\ufeff') ? `\ufeff${text}` : text;
}

/** Saves text (CSV, iCalendar) as a file. */
export function downloadText(text: string, fileName: string, mime: string): void {
  saveBlob(fileName, new Blob([fileText(text, mime)], { type: mime }));
}

function fileNameFrom(res: Response, fallback: string): string {
  const m = /filename="?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '');
  return m?.[1] ?? fallback;
}

/**
 * Downloads a file the server produced. A raw fetch, not the API client, because the client
 * reads bodies as text and a PDF is binary; the file name comes from Content-Disposition.
 */
export async function downloadFromServer(
  getToken: () => string | null,
  path: string,
  fallbackName: string,
): Promise<void> {
  const token = getToken();
  const res = await fetch(path, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!res.ok) {
    let message = `HTTP error! status: ${res.status}`;
    try {
      const body = (await res.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // not JSON: keep the status text
    }
    throw new Error(message);
  }
  saveBlob(fileNameFrom(res, fallbackName), await res.blob());
}

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd of the user's local day, for file names. */
export function todayStamp(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** yyyy-MM-dd_HH-mm, the spec's export file-name stamp. */
export function exportStamp(now = new Date()): string {
  return `${todayStamp(now)}_${pad(now.getHours())}-${pad(now.getMinutes())}`;
}
