import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { QueueDTO } from '@switchboard/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorDot } from '../../components/ColorDot';
import { RowActionButton } from '../../components/RowActionButton';

/** The greeting can be long: one line, cut with an ellipsis, the full text on hover. */
const oneLine = { maxWidth: 300, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

export function SectorsTable({
  sectors,
  onEdit,
  onDelete,
  footer,
}: {
  sectors: QueueDTO[];
  onEdit(q: QueueDTO): void;
  onDelete(q: QueueDTO): void;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Table size="small" stickyHeader data-testid="queues-table">
      <TableHead>
        <TableRow>
          <TableCell>{t('queues.columns.id')}</TableCell>
          <TableCell align="center">{t('queues.columns.name')}</TableCell>
          <TableCell align="center">{t('queues.columns.color')}</TableCell>
          <TableCell>{t('queues.columns.greeting')}</TableCell>
          <TableCell align="center">{t('queues.columns.startWork')}</TableCell>
          <TableCell align="center">{t('queues.columns.endWork')}</TableCell>
          <TableCell align="center">{t('queues.columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {sectors.map((q) => (
          <TableRow key={q.id} hover data-testid={`queue-row-${q.id}`}>
            <TableCell>{q.id}</TableCell>
            <TableCell align="center">{q.name}</TableCell>
            <TableCell align="center">
              <ColorDot color={q.color} />
            </TableCell>
            <TableCell sx={oneLine} title={q.greetingMessage}>
              {q.greetingMessage}
            </TableCell>
            <TableCell align="center">{q.startWork}</TableCell>
            <TableCell align="center">{q.endWork}</TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              <RowActionButton title={t('common.edit')} onClick={() => onEdit(q)} testId={`queue-edit-${q.id}`}>
                <EditIcon fontSize="small" />
              </RowActionButton>
              <RowActionButton title={t('common.delete')} onClick={() => onDelete(q)} testId={`queue-delete-${q.id}`}>
                <DeleteOutlineIcon fontSize="small" />
              </RowActionButton>
            </TableCell>
          </TableRow>
        ))}
        {footer}
      </TableBody>
    </Table>
  );
}
