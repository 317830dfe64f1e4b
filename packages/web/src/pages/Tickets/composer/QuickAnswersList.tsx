/**
 * Quick answers matching the text after '/' (spec §2). The composer owns the lookup and the
 * highlighted entry so the input keeps the focus: arrows move the highlight, Enter picks it, Esc
 * closes the list. Pressing an entry with the mouse does not take the focus from the input either.
 */
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import type { QuickAnswerDTO } from '@switchboard/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export const QUICK_ANSWERS_LIST_ID = 'composer-quick-answers';
export const quickAnswerOptionId = (answer: QuickAnswerDTO) => `${QUICK_ANSWERS_LIST_ID}-${answer.id}`;

export interface QuickAnswersListProps {
  answers: QuickAnswerDTO[];
  activeIndex: number;
  onChoose: (answer: QuickAnswerDTO) => void;
}

export function QuickAnswersList({ answers, activeIndex, onChoose }: QuickAnswersListProps) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);

  // Keep the highlighted entry in view while the arrows move through a long list.
  useEffect(() => {
    const active = listRef.current?.children[activeIndex] as HTMLElement | undefined;
    active?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex]);

  return (
    <Paper
      elevation={4}
      sx={{ position: 'absolute', bottom: '100%', left: 8, right: 8, mb: 1, maxHeight: 260, overflowY: 'auto', zIndex: 2 }}
    >
      <List
        dense
        ref={listRef}
        id={QUICK_ANSWERS_LIST_ID}
        role="listbox"
        aria-label={t('tickets.composer.quickAnswers')}
        data-testid="quick-answers"
      >
        {answers.map((qa, i) => (
          <ListItemButton
            key={qa.id}
            id={quickAnswerOptionId(qa)}
            role="option"
            aria-selected={i === activeIndex}
            selected={i === activeIndex}
            tabIndex={-1}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onChoose(qa)}
            data-testid={`quick-answer-${qa.id}`}
          >
            <ListItemText primary={`/${qa.shortcut}`} secondary={qa.message} slotProps={{ secondary: { noWrap: true } }} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
