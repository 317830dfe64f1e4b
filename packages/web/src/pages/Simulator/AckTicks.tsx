/** Message acknowledgement (spec §4): 0 clock, 1 one tick, 2 two ticks, 3 and 4 two blue ticks. */
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import DoneIcon from '@mui/icons-material/Done';
import { useTranslation } from 'react-i18next';

export function AckTicks({ ack }: { ack: number }) {
  const { t } = useTranslation();
  const props = { sx: { fontSize: 16 }, titleAccess: t(`simulator.acks.${Math.min(Math.max(ack, 0), 4)}`), 'data-ack': ack } as const;
  if (ack <= 0) return <AccessTimeIcon {...props} color="disabled" />;
  if (ack === 1) return <DoneIcon {...props} color="disabled" />;
  if (ack === 2) return <DoneAllIcon {...props} color="disabled" />;
  return <DoneAllIcon {...props} sx={{ fontSize: 16, color: '#53bdeb' }} />;
}
