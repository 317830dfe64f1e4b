/** The body of a message by type: text (with WhatsApp's *bold* and ~strike~, as in the tickets chat), media (fetched with the token), location, contact card, call. */
import CallIcon from '@mui/icons-material/Call';
import ContactPageOutlinedIcon from '@mui/icons-material/ContactPageOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SimulatorMessage } from '../../api/simulator';
import { formatMessage } from '../Tickets/chat/formatMessage';
import { MediaPreview } from './MediaPreview';
import { vcardName } from './vcard';

function Labelled({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      {icon}
      {children}
    </Typography>
  );
}

export function MessageContent({ message }: { message: SimulatorMessage }) {
  const { t } = useTranslation();
  const body = message.body ?? '';
  switch (message.type) {
    case 'location':
      return <Labelled icon={<PlaceOutlinedIcon sx={{ fontSize: 18 }} />}>{`${t('simulator.types.location')}: ${body}`}</Labelled>;
    case 'vcard':
      return (
        <Labelled icon={<ContactPageOutlinedIcon sx={{ fontSize: 18 }} />}>
          {`${t('simulator.types.vcard')}: ${vcardName(body) ?? ''}`}
        </Labelled>
      );
    case 'call':
    case 'call_log':
      return <Labelled icon={<CallIcon sx={{ fontSize: 18 }} />}>{t('simulator.types.call')}</Labelled>;
  }
  return (
    <Box>
      {message.mediaUrl && <MediaPreview url={message.mediaUrl} mime={message.mediaMime ?? ''} name={message.mediaName ?? ''} />}
      {body && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {formatMessage(body)}
        </Typography>
      )}
    </Box>
  );
}
