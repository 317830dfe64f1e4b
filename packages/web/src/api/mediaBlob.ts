/**
 * Media fetched with the bearer token, as a blob (spec §7): documents to download, and what a chat
 * shows once a message's signed link (its mediaUrl, loaded by <img src>) has expired. It goes
 * through the one HTTP client (same refresh on an expired token, same end of session on
 * 401) and shown through an object URL.
 *
 * A message's media never changes, so its Blob is kept for the whole session, by message URL:
 * reopening a ticket, scrolling back or downloading a document again costs no new download. The
 * cache holds at most MEDIA_CACHE_BYTES (least recently used out first) and is emptied when the
 * session ends.
 */
import { API_BASE, apiBlob } from './client';

export const MEDIA_CACHE_BYTES = 150 * 1024 * 1024;

const blobs = new Map<string, Blob>();
const inFlight = new Map<string, Promise<Blob>>();
let cachedBytes = 0;

function remember(url: string, blob: Blob): void {
  if (blob.size > MEDIA_CACHE_BYTES) return;
  blobs.set(url, blob);
  cachedBytes += blob.size;
  // Map iteration follows insertion order: the first entries are the least recently used.
  for (const [oldUrl, old] of blobs) {
    if (cachedBytes <= MEDIA_CACHE_BYTES) break;
    blobs.delete(oldUrl);
    cachedBytes -= old.size;
  }
}

function recall(url: string): Blob | undefined {
  const blob = blobs.get(url);
  if (blob) {
    blobs.delete(url);
    blobs.set(url, blob);
  }
  return blob;
}

/** Empties the cache (the session ended: nothing of one user is shown to the next). */
export function clearMediaCache(): void {
  blobs.clear();
  inFlight.clear();
  cachedBytes = 0;
}

/** `url` is what the API returned (already starting with /api). */
export async function fetchMediaBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const cached = recall(url);
  if (cached) return cached;
  let pending = inFlight.get(url);
  if (!pending) {
    const path = url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : url;
    // Not tied to one caller's signal: another bubble may be waiting for the same file.
    pending = apiBlob(path)
      .then((blob) => {
        remember(url, blob);
        return blob;
      })
      .finally(() => inFlight.delete(url));
    inFlight.set(url, pending);
  }
  if (!signal) return pending;
  return new Promise<Blob>((resolve, reject) => {
    const abort = () => reject(new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    void pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
