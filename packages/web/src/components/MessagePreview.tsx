/**
 * A ticket's last-message preview. The server stores it with a language-neutral marker (an emoji,
 * see shared PREVIEW_MARKERS); emoji render as boxes without an emoji font, so the web shows an icon
 * and a word in the chosen language instead, and translates a call's 'voice' / 'video'.
 */
import CallOutlinedIcon from '@mui/icons-material/CallOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import EmojiEmotionsOutlinedIcon from '@mui/icons-material/EmojiEmotionsOutlined';
import MicNoneOutlinedIcon from '@mui/icons-material/MicNoneOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import VideocamOutlinedIcon from '@mui/icons-material/VideocamOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import { splitPreview, type MessageMediaType } from '@switchboard/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { plainText } from '../pages/Tickets/chat/formatMessage';

const ICONS: Partial<Record<MessageMediaType, SvgIconComponent>> = {
  image: PhotoCameraOutlinedIcon,
  audio: MicNoneOutlinedIcon,
  video: VideocamOutlinedIcon,
  document: DescriptionOutlinedIcon,
  sticker: EmojiEmotionsOutlinedIcon,
  location: PlaceOutlinedIcon,
  vcard: PersonOutlineIcon,
  call_log: CallOutlinedIcon,
};

/** The preview as plain words in the chosen language (for notifications and the bell). */
export function previewText(t: TFunction, preview: string): string {
  const { kind, text } = splitPreview(preview);
  if (kind === 'call_log') return t(text === 'video' ? 'preview.videoCall' : 'preview.voiceCall');
  const words = plainText(text);
  return words || (kind === 'chat' ? '' : t(`preview.${kind}`));
}

export function MessagePreview({ preview }: { preview: string }) {
  const { t } = useTranslation();
  const Icon = ICONS[splitPreview(preview).kind];
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minWidth: 0, maxWidth: '100%' }}>
      {Icon && <Icon sx={{ fontSize: 16, flexShrink: 0 }} data-testid="preview-kind-icon" />}
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {previewText(t, preview)}
      </Box>
    </Box>
  );
}
