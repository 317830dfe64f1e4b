import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { TagDTO } from '@switchboard/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorDot } from '../../components/ColorDot';
import { RowActionButton } from '../../components/RowActionButton';

export function TagsTable({
  tags,
  canDelete,
  onEdit,
  onDelete,
  footer,
}: {
  tags: TagDTO[];
  canDelete: boolean;
  onEdit(tag: TagDTO): void;
  onDelete(tag: TagDTO): void;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Table size="small" stickyHeader data-testid="tags-table">
      <TableHead>
        <TableRow>
          <TableCell>{t('tags.columns.id')}</TableCell>
          <TableCell align="center">{t('tags.columns.name')}</TableCell>
          <TableCell align="center">{t('tags.columns.color')}</TableCell>
          <TableCell align="center">{t('tags.columns.contacts')}</TableCell>
          <TableCell align="center">{t('tags.columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {tags.map((tag) => (
          <TableRow key={tag.id} hover data-testid={`tag-row-${tag.id}`}>
            <TableCell>{tag.id}</TableCell>
            <TableCell align="center">{tag.name}</TableCell>
            <TableCell align="center">
              <ColorDot color={tag.color} />
            </TableCell>
            <TableCell align="center" data-testid={`tag-contacts-${tag.id}`}>
              {tag.contactsCount}
            </TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              <RowActionButton title={t('common.edit')} onClick={() => onEdit(tag)} testId={`tag-edit-${tag.id}`}>
                <EditIcon fontSize="small" />
              </RowActionButton>
              {canDelete && (
                <RowActionButton title={t('common.delete')} onClick={() => onDelete(tag)} testId={`tag-delete-${tag.id}`}>
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
