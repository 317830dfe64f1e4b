import type { MessageDTO } from '@switchboard/shared';
import { MediaFallback } from './MediaFallback';
import { useObjectUrl } from './useObjectUrl';

export function VideoMessage({ message }: { message: MessageDTO }) {
  const { url, error } = useObjectUrl(message.mediaUrl);
  if (!url) return <MediaFallback error={error} />;
  return <video src={url} controls preload="metadata" style={{ width: 250, maxHeight: 200, display: 'block' }} data-testid="message-video" />;
}
