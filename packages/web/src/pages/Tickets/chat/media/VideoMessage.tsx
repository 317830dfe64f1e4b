import type { MessageDTO } from '@switchboard/shared';
import { MediaFallback } from './MediaFallback';
import { useMediaSrc } from './useObjectUrl';

export function VideoMessage({ message }: { message: MessageDTO }) {
  const { url, error, onError } = useMediaSrc(message);
  if (!url) return <MediaFallback error={error} />;
  return (
    <video
      src={url}
      onError={onError}
      controls
      preload="metadata"
      style={{ width: 250, maxHeight: 200, display: 'block' }}
      data-testid="message-video"
    />
  );
}
