import type { MessageDTO } from '@switchboard/shared';
import { useEffect, useState } from 'react';
import { useMediaBlob } from '../../../../api/messages';

/** The media of a message behind the token (the link that needs no token has expired). */
export const tokenMediaPath = (message: Pick<MessageDTO, 'id'>) => `/api/messages/${encodeURIComponent(message.id)}/media`;

/**
 * An object URL for media fetched with the bearer token, revoked when the bubble leaves the
 * screen; the Blob itself stays cached so scrolling back does not download again.
 */
export function useObjectUrl(mediaUrl: string | null) {
  const blob = useMediaBlob(mediaUrl);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const objectUrl = URL.createObjectURL(blob.data);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the object URL is an external resource created and revoked with the blob
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob.data]);
  return { url, error: blob.isError, loading: blob.isLoading };
}

/**
 * What an `<img>`, `<audio>` or `<video>` shows: the message's signed link itself (no token, the
 * browser caches it). A page left open past the link's lifetime gets an error from it; the
 * element then falls back to the file fetched with the token.
 */
export function useMediaSrc(message: Pick<MessageDTO, 'id' | 'mediaUrl'>) {
  const [linkFailed, setLinkFailed] = useState(false);
  const fallback = useObjectUrl(linkFailed && message.mediaUrl ? tokenMediaPath(message) : null);
  if (!message.mediaUrl) return { url: null, error: false, onError: undefined };
  if (!linkFailed) return { url: message.mediaUrl, error: false, onError: () => setLinkFailed(true) };
  return { url: fallback.url, error: fallback.error, onError: undefined };
}
