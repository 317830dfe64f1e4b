import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { QuickAnswerDTO } from '@switchboard/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../components/ListTable';
import { RowActionsCell } from '../../components/RowActionsCell';

/** Long messages show their first lines only; the modal shows all of it. */
const clampTwoLines = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  whiteSpace: 'pre-line',
  maxWidth: 600,
} as const;

export function QuickAnswersTable({
  quickAnswers,
  canDelete,
  onEdit,
  onDelete,
  footer,
}: {
  quickAnswers: QuickAnswerDTO[];
  canDelete: boolean;
  onEdit: (q: QuickAnswerDTO) => void;
  onDelete: (q: QuickAnswerDTO) => void;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ListTable
      testId="quick-answers-table"
      columns={[
        { key: 'shortcut', label: t('quickAnswers.columns.shortcut') },
        { key: 'message', label: t('quickAnswers.columns.message') },
        { key: 'actions', label: t('quickAnswers.columns.actions'), align: 'center' },
      ]}
      footer={footer}
    >
      {quickAnswers.map((q) => (
        <TableRow key={q.id} hover data-testid={`quick-answer-row-${q.id}`}>
          <TableCell sx={{ fontWeight: 500 }}>{q.shortcut}</TableCell>
          <TableCell>
            <span style={clampTwoLines}>{q.message}</span>
          </TableCell>
          <RowActionsCell
            testIdPrefix="quick-answer"
            id={q.id}
            onEdit={() => onEdit(q)}
            onDelete={canDelete ? () => onDelete(q) : undefined}
          />
        </TableRow>
      ))}
    </ListTable>
  );
}
