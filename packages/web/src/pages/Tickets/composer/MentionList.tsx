/**
 * Colleagues matching the `@…` typed in a private note. Pressing an entry with the mouse keeps the
 * focus in the input, which then continues after the completed name.
 */
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { useMentionCandidates } from '../../../api/notes';

export function MentionList({ search, onChoose }: { search: string; onChoose: (name: string) => void }) {
  const { t } = useTranslation();
  const candidates = useMentionCandidates(search).data ?? [];
  if (candidates.length === 0) return null;
  return (
    <Paper elevation={4} sx={{ position: 'absolute', bottom: '100%', left: 8, right: 8, mb: 1, maxHeight: 260, overflowY: 'auto', zIndex: 2 }}>
      <List dense role="listbox" aria-label={t('tickets.composer.mentionList')} data-testid="mention-list">
        {candidates.map((user) => (
          <ListItemButton
            key={user.id}
            role="option"
            tabIndex={-1}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onChoose(user.name)}
            data-testid={`mention-option-${user.id}`}
          >
            <ListItemText primary={user.name} secondary={user.email} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
