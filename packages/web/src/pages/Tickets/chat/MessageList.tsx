/**
 * The chat history, virtualised (react-virtuoso) and read bottom-up: it opens at the newest
 * message, follows new ones while the reader is at the bottom, and loads the previous page when the
 * top is within 50 px (spec §9) — prepending by lowering `firstItemIndex` keeps the reader's place.
 * Above the ticket's first message the contact's earlier tickets follow, each under a separator;
 * their messages are context only (no reply or delete). A search result to jump to is loaded page by
 * page until it is in the list, then scrolled to and highlighted.
 */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { MESSAGES_SCROLL_THRESHOLD_PX, type MessageDTO, type TicketDTO } from '@switchboard/shared';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { chatMessages } from '../../../api/messageCache';
import { useMessagesInfinite } from '../../../api/messages';
import { useTicketStory } from '../../../api/ticketStory';
import { weaveTimeline, type TimelineItem } from './chatTimeline';
import { MessageBubble } from './MessageBubble';
import { TicketSeparator } from './TicketSeparator';
import { TimelineEvent } from './TimelineEvent';
import { useAllowedActions } from '../allowedActions';

/** A message to bring into view; `seq` makes choosing the same match again a new request. */
export interface JumpTarget {
  id: string;
  seq: number;
}

/** A reader this close to the end still counts as at the bottom: new messages scroll into view. */
const FOLLOW_THRESHOLD_PX = 120;

/** Virtuoso needs a first index that only ever decreases as older messages are prepended. */
const START_INDEX = 1_000_000;

export function MessageList({
  ticket,
  onReply,
  jumpTo = null,
  onJumpFailed,
}: {
  ticket: TicketDTO;
  onReply: (message: MessageDTO) => void;
  jumpTo?: JumpTarget | null;
  onJumpFailed?: () => void;
}) {
  const { t } = useTranslation();
  const query = useMessagesInfinite(ticket.id);
  const { messages, olderCount: olderMessages, tickets } = useMemo(() => chatMessages(query.data), [query.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query;
  // The ticket's story (accepted, transferred, rated…) between its messages.
  const story = useTicketStory(ticket.id);
  const { items, olderCount } = useMemo(
    () => weaveTimeline(messages, olderMessages, story.data ?? [], !hasNextPage),
    [messages, olderMessages, story.data, hasNextPage],
  );
  const virtuoso = useRef<VirtuosoHandle>(null);

  const loadOlder = useCallback(
    (atTop: boolean) => {
      if (atTop && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );

  // A separator goes above the first message of each ticket: where the ticket changes, and at the
  // top once the conversation's start is loaded.
  const separatorAbove = useMemo(() => {
    const ids = new Set<string>();
    messages.forEach((m, i) => {
      if (i === 0 ? !hasNextPage : messages[i - 1].ticketId !== m.ticketId) ids.add(m.id);
    });
    return ids;
  }, [messages, hasNextPage]);

  // Jumping to a match: older pages load until it is in the list, then it scrolls into view.
  const jumpIndex = jumpTo ? items.findIndex((item) => item.key === jumpTo.id) : -1;
  // Each jump scrolls once: pages the reader loads afterwards must not pull the list back.
  const jumped = useRef<number | null>(null);
  useEffect(() => {
    if (!jumpTo || jumped.current === jumpTo.seq || query.isLoading) return;
    if (jumpIndex >= 0) {
      jumped.current = jumpTo.seq;
      // After the list has drawn the page that brought the match: scrolled to in the same commit,
      // the prepended rows are not measured yet and the list can stop short of it. (Not cancelled
      // when the effect runs again: this jump is done, and a later run does not scroll for it.)
      const index = jumpIndex;
      requestAnimationFrame(() => virtuoso.current?.scrollToIndex({ index, align: 'center' }));
      return;
    }
    if (isFetchingNextPage) return;
    if (hasNextPage && !isFetchNextPageError) {
      void fetchNextPage();
      return;
    }
    jumped.current = jumpTo.seq;
    onJumpFailed?.();
  }, [jumpTo, jumpIndex, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, query.isLoading, onJumpFailed]);

  // Media (images, video, documents) often finishes loading after the chat opened at its newest
  // message, and each arrival makes the list taller above the bottom. Until the reader moves up
  // themselves (wheel, touch, keys, dragging the scroll bar), every growth keeps the newest message
  // in view. The list's own scroll corrections are not the reader's: only input events count.
  const readerScrolledUp = useRef(false);
  const pointerDown = useRef(false);
  const lastScrollTop = useRef(0);
  const scroller = useRef<HTMLElement | null>(null);
  const listeners = useMemo(() => {
    const up = () => {
      readerScrolledUp.current = true;
    };
    return {
      scroll: () => {
        const el = scroller.current;
        if (!el) return;
        if (pointerDown.current && el.scrollTop < lastScrollTop.current) up();
        if (el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_THRESHOLD_PX) readerScrolledUp.current = false;
        lastScrollTop.current = el.scrollTop;
      },
      wheel: (e: Event) => {
        if ((e as WheelEvent).deltaY < 0) up();
      },
      touchmove: up,
      keydown: (e: Event) => {
        if (['ArrowUp', 'PageUp', 'Home'].includes((e as KeyboardEvent).key)) up();
      },
      pointerdown: () => {
        pointerDown.current = true;
      },
      pointerup: () => {
        pointerDown.current = false;
      },
    };
  }, []);
  const scrollerRef = useCallback(
    (el: HTMLElement | Window | null) => {
      for (const [name, fn] of Object.entries(listeners)) scroller.current?.removeEventListener(name, fn);
      scroller.current = el instanceof HTMLElement ? el : null;
      for (const [name, fn] of Object.entries(listeners)) scroller.current?.addEventListener(name, fn, { passive: true });
    },
    [listeners],
  );
  const keepNewestInView = useCallback(() => {
    if (readerScrolledUp.current || jumped.current != null) return;
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  // A colleague who may only read the ticket (mentioned on it) gets no message options: the server refuses them.
  const mayAct = useAllowedActions(ticket).has('reply');
  const canReply = ticket.status === 'open' && mayAct;
  // What the ticket's channel allows on its messages (react, edit), as the server presents it.
  const messageActions = query.data?.pages[0]?.messageActions;
  const highlighted = jumpIndex >= 0 ? jumpTo?.id : undefined;
  const itemContent = useCallback(
    (_index: number, item: TimelineItem) => {
      if (item.kind === 'event') return <TimelineEvent event={item.event} />;
      const message = item.message;
      const earlier = message.ticketId !== ticket.id;
      const boundary = separatorAbove.has(message.id) ? tickets.get(message.ticketId) : undefined;
      return (
        <>
          {boundary && <TicketSeparator boundary={boundary} earlier={earlier} />}
          <MessageBubble
            message={message}
            contactName={ticket.contact.name}
            // An earlier ticket's messages are context: nothing to reply to or delete there.
            canReply={canReply && !earlier}
            readOnly={earlier || !mayAct}
            highlighted={message.id === highlighted}
            onReply={onReply}
            showSender={ticket.isGroup}
            messageActions={earlier ? undefined : messageActions}
          />
        </>
      );
    },
    [ticket.id, ticket.contact.name, ticket.isGroup, canReply, mayAct, onReply, separatorAbove, tickets, highlighted, messageActions],
  );

  if (query.isLoading) {
    return (
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress />
      </Box>
    );
  }
  if (items.length === 0) {
    return (
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }} data-testid="chat-empty">
        <Typography color="text.secondary">{t('tickets.chat.empty')}</Typography>
      </Box>
    );
  }
  return (
    <Virtuoso
      ref={virtuoso}
      key={ticket.id}
      style={{ flex: 1 }}
      data={items}
      computeItemKey={(_i, item) => item.key}
      firstItemIndex={START_INDEX - olderCount}
      initialTopMostItemIndex={items.length - 1}
      itemContent={itemContent}
      atTopThreshold={MESSAGES_SCROLL_THRESHOLD_PX}
      atTopStateChange={loadOlder}
      // Follow instantly: a smooth scroll still running when the next message of a burst arrives
      // leaves the list "not at the bottom", and it would stop following for good.
      followOutput={(atBottom) => (atBottom ? 'auto' : false)}
      atBottomThreshold={FOLLOW_THRESHOLD_PX}
      scrollerRef={scrollerRef}
      totalListHeightChanged={keepNewestInView}
      alignToBottom
      increaseViewportBy={{ top: 400, bottom: 200 }}
      components={{
        Header: () => (
          <Box sx={{ height: 8, display: 'flex', justifyContent: 'center' }}>{isFetchingNextPage && <CircularProgress size={18} />}</Box>
        ),
        Footer: () => <Box sx={{ height: 8 }} />,
      }}
      data-testid="message-list"
    />
  );
}
