/** Quick answers matching the text after '/' (spec §2); a failed lookup simply shows nothing (spec §8). */
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import type { QuickAnswerDTO } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { useQuickAnswerLookup } from '../../../api/quickAnswerLookup';

export function QuickAnswersList({ search, onChoose }: { search: string | null; onChoose(answer: QuickAnswerDTO): void }) {
  const { t } = useTranslation();
  const lookup = useQuickAnswerLookup(search);
  if (search == null || lookup.isError || !lookup.data?.length) return null;
  return (
    <Paper elevation={4} sx={{ position: 'absolute', bottom: '100%', left: 8, right: 8, mb: 1, maxHeight: 260, overflowY: 'auto', zIndex: 2 }}>
      <List dense aria-label={t('tickets.composer.quickAnswers')} data-testid="quick-answers">
        {lookup.data.map((qa) => (
          <ListItemButton key={qa.id} onClick={() => onChoose(qa)} data-testid={`quick-answer-${qa.id}`}>
            <ListItemText
              primary={`/${qa.shortcut}`}
              secondary={qa.message}
              slotProps={{ secondary: { noWrap: true } }}
            />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
