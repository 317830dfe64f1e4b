/**
 * Search inside the conversation (the ticket and the earlier tickets its chat shows): typing
 * searches once it pauses (from SEARCH_MIN_CHARS characters), the newest match is shown first, and
 * older / newer step through the matches; each step asks the chat to jump to the message.
 */
import CloseIcon from '@mui/icons-material/Close';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SEARCH_DEBOUNCE_MS } from '@switchboard/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageSearch } from '../../../api/messages';
import { effectiveSearchTerm } from '../../../components/searchTerm';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import { translateError } from '../../../errors/translateError';

export function ChatSearch({
  ticketId,
  onJump,
  onClose,
  notLoaded,
}: {
  ticketId: number;
  onJump: (messageId: string) => void;
  onClose: () => void;
  notLoaded: boolean;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const term = effectiveSearchTerm(useDebouncedValue(typed, SEARCH_DEBOUNCE_MS));
  const search = useMessageSearch(ticketId, term);
  const matches = term ? (search.data?.matches ?? []) : [];
  // Which match is shown, of which result: 0 is the newest match, higher is older. A new result
  // starts at its newest match.
  const data = search.data;
  const [step, setStep] = useState<{ of: typeof data; at: number }>({ of: undefined, at: 0 });
  const position = step.of === data ? step.at : 0;
  useEffect(() => {
    const first = data?.matches[0];
    if (first) onJump(first.id);
  }, [data, onJump]);

  const go = (next: number) => {
    if (next < 0 || next >= matches.length) return;
    setStep({ of: data, at: next });
    onJump(matches[next].id);
  };

  let status = '';
  if (term && search.isSuccess) {
    status =
      matches.length === 0
        ? t('tickets.chat.searchNone')
        : t(search.data.hasMore ? 'tickets.chat.searchCountMore' : 'tickets.chat.searchCount', {
            index: position + 1,
            count: matches.length,
          });
  }
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
      data-testid="chat-search"
    >
      <TextField
        size="small"
        autoFocus
        placeholder={t('tickets.chat.searchPlaceholder')}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') go(e.shiftKey ? position - 1 : position + 1);
          if (e.key === 'Escape') onClose();
        }}
        sx={{ flex: 1, minWidth: 0 }}
        slotProps={{
          htmlInput: { 'data-testid': 'chat-search-input', 'aria-label': t('tickets.chat.searchPlaceholder') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                {search.isFetching ? <CircularProgress size={18} /> : <SearchIcon color="disabled" />}
              </InputAdornment>
            ),
          },
        }}
      />
      <Typography
        variant="caption"
        color={notLoaded || search.isError ? 'error' : 'text.secondary'}
        sx={{ whiteSpace: 'nowrap' }}
        data-testid="chat-search-status"
      >
        {search.isError ? translateError(t, search.error) : notLoaded ? t('tickets.chat.searchNotLoaded') : status}
      </Typography>
      <IconButton
        size="small"
        onClick={() => go(position + 1)}
        disabled={position + 1 >= matches.length}
        aria-label={t('tickets.chat.searchOlder')}
        data-testid="chat-search-older"
      >
        <KeyboardArrowUpIcon fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        onClick={() => go(position - 1)}
        disabled={position === 0}
        aria-label={t('tickets.chat.searchNewer')}
        data-testid="chat-search-newer"
      >
        <KeyboardArrowDownIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" onClick={onClose} aria-label={t('tickets.chat.searchClose')} data-testid="chat-search-close">
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
