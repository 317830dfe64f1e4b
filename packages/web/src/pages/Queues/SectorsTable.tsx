import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { QueueDTO } from '@switchboard/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorDot } from '../../components/ColorDot';
import { ListTable } from '../../components/ListTable';
import { RowActionsCell } from '../../components/RowActionsCell';

/** The greeting can be long: one line, cut with an ellipsis, the full text on hover. */
const oneLine = { maxWidth: 300, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

export function SectorsTable({
  sectors,
  onEdit,
  onDelete,
  footer,
}: {
  sectors: QueueDTO[];
  onEdit: (q: QueueDTO) => void;
  onDelete: (q: QueueDTO) => void;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ListTable
      testId="queues-table"
      columns={[
        { key: 'id', label: t('queues.columns.id') },
        { key: 'name', label: t('queues.columns.name'), align: 'center' },
        { key: 'color', label: t('queues.columns.color'), align: 'center' },
        { key: 'greeting', label: t('queues.columns.greeting') },
        { key: 'startWork', label: t('queues.columns.startWork'), align: 'center' },
        { key: 'endWork', label: t('queues.columns.endWork'), align: 'center' },
        { key: 'autoAssign', label: t('queues.columns.autoAssign'), align: 'center' },
        { key: 'actions', label: t('queues.columns.actions'), align: 'center' },
      ]}
      footer={footer}
    >
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
          <TableCell align="center" data-testid={`queue-autoAssign-${q.id}`}>
            {!q.autoAssign
              ? t('queues.autoAssignOff')
              : q.maxOpenPerAttendant == null
                ? t('queues.autoAssignOn')
                : t('queues.autoAssignUpTo', { count: q.maxOpenPerAttendant })}
          </TableCell>
          <RowActionsCell testIdPrefix="queue" id={q.id} onEdit={() => onEdit(q)} onDelete={() => onDelete(q)} />
        </TableRow>
      ))}
    </ListTable>
  );
}
