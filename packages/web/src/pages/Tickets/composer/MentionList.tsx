/**
 * Colleagues matching the `@…` typed in a private note. Arrows move the highlight, Enter completes
 * the highlighted name (it never sends the half-typed note), Esc closes the list; pressing an entry
 * with the mouse keeps the focus in the input, which then continues after the completed name.
 */
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import type { UserDTO } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';

export type MentionCandidate = Pick<UserDTO, 'id' | 'name' | 'email'>;

export const mentionOptionId = (userId: number) => `mention-option-${userId}`;
export const MENTION_LIST_ID = 'mention-list';

export function MentionList({
  candidates,
  activeIndex,
  onChoose,
}: {
  candidates: MentionCandidate[];
  activeIndex: number;
  onChoose: (name: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      elevation={4}
      sx={{ position: 'absolute', bottom: '100%', left: 8, right: 8, mb: 1, maxHeight: 260, overflowY: 'auto', zIndex: 2 }}
    >
      <List dense role="listbox" id={MENTION_LIST_ID} aria-label={t('tickets.composer.mentionList')} data-testid="mention-list">
        {candidates.map((user, i) => (
          <ListItemButton
            key={user.id}
            id={mentionOptionId(user.id)}
            role="option"
            tabIndex={-1}
            aria-selected={i === activeIndex}
            selected={i === activeIndex}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onChoose(user.name)}
            data-testid={mentionOptionId(user.id)}
          >
            <ListItemText primary={user.name} secondary={user.email} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
