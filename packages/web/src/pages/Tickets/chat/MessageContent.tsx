/** A message's content by media type (spec §2 Message rendering). Text is always text nodes. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MessageDTO } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../ticketTime';
import { formatMessage } from './formatMessage';
import { AudioMessage } from './media/AudioMessage';
import { DocumentMessage } from './media/DocumentMessage';
import { ImageMessage } from './media/ImageMessage';
import { LocationMessage } from './media/LocationMessage';
import { MediaNotKept } from './media/MediaNotKept';
import { AwaitingResend } from './AwaitingResend';
import { VcardMessage } from './media/VcardMessage';
import { VideoMessage } from './media/VideoMessage';

export function MessageText({ body }: { body: string }) {
  if (!body) return null;
  return (
    <Typography component="div" variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="message-text">
      {formatMessage(body)}
    </Typography>
  );
}

export function MessageContent({ message }: { message: MessageDTO }) {
  const { t } = useTranslation();
  if (message.awaitingResend) return <AwaitingResend />;
  if (message.mediaError && !message.mediaUrl) {
    return (
      <>
        <MediaNotKept message={message} />
        <Caption body={message.body} name={message.mediaName} />
      </>
    );
  }
  switch (message.mediaType) {
    case 'image':
    case 'sticker':
      return (
        <>
          <ImageMessage message={message} />
          <Caption body={message.body} name={message.mediaName} />
        </>
      );
    case 'audio':
      return <AudioMessage message={message} />;
    case 'video':
      return (
        <>
          <VideoMessage message={message} />
          <Caption body={message.body} name={message.mediaName} />
        </>
      );
    case 'document':
      return (
        <>
          <DocumentMessage message={message} />
          <Caption body={message.body} name={message.mediaName} />
        </>
      );
    case 'location':
      return <LocationMessage body={message.body} />;
    case 'vcard':
      return <VcardMessage body={message.body} />;
    case 'call_log':
      return (
        <Typography variant="body2" sx={{ fontStyle: 'italic' }} data-testid="message-call">
          {t('tickets.chat.missedCall', { time: formatClock(message.createdAt) })}
        </Typography>
      );
    default:
      return <MessageText body={message.body} />;
  }
}

/** A media caption; the server stores the file name as the body of captionless files. */
function Caption({ body, name }: { body: string; name: string | null }) {
  if (!body || body === name) return null;
  return (
    <Box sx={{ mt: 0.5 }}>
      <MessageText body={body} />
    </Box>
  );
}
