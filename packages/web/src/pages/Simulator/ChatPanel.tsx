/**
 * One customer's chat as their phone shows it, oldest first. Re-read on appMessage events and every
 * CHAT_POLL_MS while open (the connection's replies reach the customer without an event for us).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { EVENTS } from '@switchboard/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSimulatorChat } from '../../api/simulator';
import { useSocket } from '../../realtime/SocketProvider';
import { ChatActions } from './ChatActions';
import { Composer } from './Composer';
import { MessageBubble } from './MessageBubble';
import { digitsOf } from './phoneNumbers';

export function ChatPanel({ to, customer, customerName }: { to: string; customer: string; customerName: string }) {
  const { t } = useTranslation();
  const from = digitsOf(customer);
  const chat = useSimulatorChat(from, to);
  const socket = useSocket();
  const bottom = useRef<HTMLDivElement>(null);
  const messages = chat.data ?? [];

  useEffect(() => {
    if (!socket) return;
    const refetch = () => void chat.refetch();
    socket.on(EVENTS.appMessage, refetch);
    return () => {
      socket.off(EVENTS.appMessage, refetch);
    };
  }, [socket, chat.refetch]);

  // Keep the newest message in view, as a phone does.
  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }} data-testid="simulator-chat">
      <ChatActions from={from} to={to} />
      <Box
        sx={{
          // Fill the screen below the pickers, so the composer stays in view without scrolling the page.
          height: 'calc(100vh - 490px)',
          minHeight: 240,
          overflowY: 'auto',
          p: 1.5,
          display: 'flex',
          flexDirection: 'column',
          gap: 0.75,
          bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'background.default' : '#efeae2'),
        }}
        data-testid="simulator-messages"
      >
        {messages.length === 0 && !chat.isLoading && (
          <Typography variant="body2" color="text.secondary" sx={{ m: 'auto' }}>
            {t('simulator.chatEmpty')}
          </Typography>
        )}
        {messages.map((m) => (
          <MessageBubble key={m.id} message={m} />
        ))}
        <div ref={bottom} />
      </Box>
      <Composer from={from} to={to} name={customerName.trim() || undefined} />
    </Box>
  );
}
