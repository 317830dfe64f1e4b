import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import TableCell from '@mui/material/TableCell';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STICKY_ACTIONS } from './ListTable';
import { RowActionButton } from './RowActionButton';

/**
 * The actions cell of a list row: any row-specific buttons, then Edit and — when the viewer may —
 * Delete. Their test ids are `${testIdPrefix}-edit-${id}` and `${testIdPrefix}-delete-${id}`.
 */
export function RowActionsCell({
  testIdPrefix,
  id,
  onEdit,
  onDelete,
  children,
}: {
  testIdPrefix: string;
  id: number;
  onEdit: () => void;
  /** Absent: no Delete button (the viewer may not delete). */
  onDelete?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <TableCell align="center" sx={{ whiteSpace: 'nowrap', ...STICKY_ACTIONS }}>
      {children}
      <RowActionButton title={t('common.edit')} onClick={onEdit} testId={`${testIdPrefix}-edit-${id}`}>
        <EditIcon fontSize="small" />
      </RowActionButton>
      {onDelete && (
        <RowActionButton title={t('common.delete')} onClick={onDelete} testId={`${testIdPrefix}-delete-${id}`}>
          <DeleteOutlineIcon fontSize="small" />
        </RowActionButton>
      )}
    </TableCell>
  );
}
