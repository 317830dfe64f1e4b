/**
 * One customer's chat as their phone shows it, oldest first (or a group's chat, the customer writing
 * as a member). Re-read on appMessage events and every CHAT_POLL_MS while open (the connection's
 * replies reach the customer without an event for us). It keeps the newest message in view, as a
 * phone does, also when a picture above it finishes loading, unless the person scrolled up to read.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { EVENTS } from '@switchboard/shared';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSimulatorChat } from '../../api/simulator';
import { useSocket } from '../../realtime/SocketProvider';
import { ChatActions } from './ChatActions';
import { Composer } from './Composer';
import { MessageBubble } from './MessageBubble';
import { digitsOf } from './phoneNumbers';

/** How close to the end (px) still counts as "reading the newest messages". */
const STICK_PX = 80;

export function ChatPanel({
  to,
  customer,
  customerName,
  group,
  hideNumber = false,
}: {
  to: string;
  customer: string;
  customerName: string;
  group?: string;
  hideNumber?: boolean;
}) {
  const { t } = useTranslation();
  const from = digitsOf(customer);
  const chat = useSimulatorChat(group || from, to);
  const refetchChat = chat.refetch;
  const socket = useSocket();
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const messages = chat.data ?? [];

  useEffect(() => {
    if (!socket) return;
    const refetch = () => void refetchChat();
    socket.on(EVENTS.appMessage, refetch);
    return () => {
      socket.off(EVENTS.appMessage, refetch);
    };
  }, [socket, refetchChat]);

  const scrollToEnd = () => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
  };

  // A new message (sent or received) brings the chat to its end.
  const lastId = messages.at(-1)?.id;
  useLayoutEffect(() => {
    atEnd.current = true;
    scrollToEnd();
  }, [lastId]);

  // Media loading later makes the chat taller: stay at the end if that is where the reader was.
  useEffect(() => {
    if (!content.current || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => atEnd.current && scrollToEnd());
    observer.observe(content.current);
    return () => observer.disconnect();
  }, []);

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }} data-testid="simulator-chat">
      <ChatActions from={from} to={to} />
      <Box
        sx={{
          // Fill the screen below the pickers, so the composer stays in view without scrolling the page.
          height: 'calc(100vh - 560px)',
          minHeight: 240,
          overflowY: 'auto',
          p: 1.5,
          display: 'flex',
          flexDirection: 'column',
          gap: 0.75,
          bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'background.default' : '#efeae2'),
        }}
        data-testid="simulator-messages"
        ref={scroller}
        onScroll={(e) => {
          const box = e.currentTarget;
          atEnd.current = box.scrollHeight - box.scrollTop - box.clientHeight < STICK_PX;
        }}
      >
        <Box ref={content} sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
          {messages.length === 0 && !chat.isLoading && (
            <Typography variant="body2" color="text.secondary" sx={{ m: 'auto' }}>
              {t('simulator.chatEmpty')}
            </Typography>
          )}
          {messages.map((m) => (
            <MessageBubble key={m.id} message={m} />
          ))}
        </Box>
      </Box>
      <Composer from={from} to={to} name={customerName.trim() || undefined} group={group || undefined} hideNumber={hideNumber} />
    </Box>
  );
}
