import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { QuickAnswerDTO } from '@switchboard/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActionButton } from '../../components/RowActionButton';

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
  onEdit(q: QuickAnswerDTO): void;
  onDelete(q: QuickAnswerDTO): void;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Table size="small" stickyHeader data-testid="quick-answers-table">
      <TableHead>
        <TableRow>
          <TableCell>{t('quickAnswers.columns.shortcut')}</TableCell>
          <TableCell>{t('quickAnswers.columns.message')}</TableCell>
          <TableCell align="center">{t('quickAnswers.columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {quickAnswers.map((q) => (
          <TableRow key={q.id} hover data-testid={`quick-answer-row-${q.id}`}>
            <TableCell sx={{ fontWeight: 500 }}>{q.shortcut}</TableCell>
            <TableCell>
              <span style={clampTwoLines}>{q.message}</span>
            </TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              <RowActionButton title={t('common.edit')} onClick={() => onEdit(q)} testId={`quick-answer-edit-${q.id}`}>
                <EditIcon fontSize="small" />
              </RowActionButton>
              {canDelete && (
                <RowActionButton title={t('common.delete')} onClick={() => onDelete(q)} testId={`quick-answer-delete-${q.id}`}>
                  <DeleteOutlineIcon fontSize="small" />
                </RowActionButton>
              )}
            </TableCell>
          </TableRow>
        ))}
        {footer}
      </TableBody>
    </Table>
  );
}
