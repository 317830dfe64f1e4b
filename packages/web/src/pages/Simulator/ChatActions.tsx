/** The phone-level actions above the chat: read the chat, place a call, how WhatsApp treats the customer, drop the session. */
import CallIcon from '@mui/icons-material/Call';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import PhonelinkOffIcon from '@mui/icons-material/PhonelinkOff';
import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDropSession, usePlaceCall, useReadChat } from '../../api/simulator';
import { useLoseConnection } from '../../api/linking';
import { useToast } from '../../components/Toasts';
import { CustomerBehaviour } from './CustomerBehaviour';

export function ChatActions({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const read = useReadChat();
  const call = usePlaceCall();
  const drop = useDropSession();
  const lose = useLoseConnection();

  const run = (action: () => Promise<unknown>, done?: string) => () => void runAction(action, done);
  const runAction = async (action: () => Promise<unknown>, done?: string) => {
    try {
      await action();
      if (done) toast.info(done);
    } catch (err) {
      toast.error(err);
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1, bgcolor: 'action.hover', flexWrap: 'wrap' }}>
      <Typography variant="subtitle2" sx={{ flex: 1 }} data-testid="simulator-chat-title">
        +{from}
      </Typography>
      <Button
        size="small"
        startIcon={<DoneAllIcon />}
        onClick={run(() => read.mutateAsync({ customer: from, to }))}
        data-testid="simulator-read"
      >
        {t('simulator.readChat')}
      </Button>
      <Button
        size="small"
        startIcon={<CallIcon />}
        onClick={run(() => call.mutateAsync({ from, to }), t('simulator.callPlaced'))}
        data-testid="simulator-call"
      >
        {t('simulator.call')}
      </Button>
      <CustomerBehaviour customer={from} />
      <Button
        size="small"
        startIcon={<SyncProblemIcon />}
        onClick={run(() => lose.mutateAsync({ to }), t('linking.simulator.connectionBack'))}
        data-testid="simulator-connection-lost"
      >
        {t('linking.simulator.connectionLost')}
      </Button>
      <Button
        size="small"
        color="error"
        startIcon={<PhonelinkOffIcon />}
        onClick={run(() => drop.mutateAsync({ to }), t('simulator.sessionDropped'))}
        data-testid="simulator-drop-session"
      >
        {t('simulator.dropSession')}
      </Button>
    </Box>
  );
}
