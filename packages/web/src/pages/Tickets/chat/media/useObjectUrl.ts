import { useEffect, useState } from 'react';
import { useMediaBlob } from '../../../../api/messages';

/**
 * An object URL for a message's media (fetched with the bearer token), revoked when the bubble
 * leaves the screen; the Blob itself stays cached so scrolling back does not download again.
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
