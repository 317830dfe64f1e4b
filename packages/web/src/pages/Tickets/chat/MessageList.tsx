/**
 * The chat history, virtualised (react-virtuoso) and read bottom-up: it opens at the newest
 * message, follows new ones while the reader is at the bottom, and loads the previous page when the
 * top is within 50 px (spec §9) — prepending by lowering `firstItemIndex` keeps the reader's place.
 */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { MESSAGES_SCROLL_THRESHOLD_PX, type MessageDTO, type TicketDTO } from '@switchboard/shared';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import { chatMessages } from '../../../api/messageCache';
import { useMessagesInfinite } from '../../../api/messages';
import { MessageBubble } from './MessageBubble';

/** A reader this close to the end still counts as at the bottom: new messages scroll into view. */
const FOLLOW_THRESHOLD_PX = 120;

/** Virtuoso needs a first index that only ever decreases as older messages are prepended. */
const START_INDEX = 1_000_000;

export function MessageList({ ticket, onReply }: { ticket: TicketDTO; onReply: (message: MessageDTO) => void }) {
  const { t } = useTranslation();
  const query = useMessagesInfinite(ticket.id);
  const { messages, olderCount } = useMemo(() => chatMessages(query.data), [query.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  const loadOlder = useCallback(
    (atTop: boolean) => {
      if (atTop && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );

  const canReply = ticket.status === 'open';
  const itemContent = useCallback(
    (_index: number, message: MessageDTO) => (
      <MessageBubble message={message} contactName={ticket.contact.name} canReply={canReply} onReply={onReply} showSender={ticket.isGroup} />
    ),
    [ticket.contact.name, ticket.isGroup, canReply, onReply],
  );

  if (query.isLoading) {
    return (
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress />
      </Box>
    );
  }
  if (messages.length === 0) {
    return (
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }} data-testid="chat-empty">
        <Typography color="text.secondary">{t('tickets.chat.empty')}</Typography>
      </Box>
    );
  }
  return (
    <Virtuoso
      key={ticket.id}
      style={{ flex: 1 }}
      data={messages}
      computeItemKey={(_i, m) => m.id}
      firstItemIndex={START_INDEX - olderCount}
      initialTopMostItemIndex={messages.length - 1}
      itemContent={itemContent}
      atTopThreshold={MESSAGES_SCROLL_THRESHOLD_PX}
      atTopStateChange={loadOlder}
      // Follow instantly: a smooth scroll still running when the next message of a burst arrives
      // leaves the list "not at the bottom", and it would stop following for good.
      followOutput={(atBottom) => (atBottom ? 'auto' : false)}
      atBottomThreshold={FOLLOW_THRESHOLD_PX}
      alignToBottom
      increaseViewportBy={{ top: 400, bottom: 200 }}
      components={{
        Header: () => <Box sx={{ height: 8, display: 'flex', justifyContent: 'center' }}>{isFetchingNextPage && <CircularProgress size={18} />}</Box>,
        Footer: () => <Box sx={{ height: 8 }} />,
      }}
      data-testid="message-list"
    />
  );
}
