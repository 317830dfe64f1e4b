import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { TagDTO } from '@switchboard/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorDot } from '../../components/ColorDot';
import { ListTable } from '../../components/ListTable';
import { RowActionsCell } from '../../components/RowActionsCell';

export function TagsTable({
  tags,
  canDelete,
  onEdit,
  onDelete,
  footer,
}: {
  tags: TagDTO[];
  canDelete: boolean;
  onEdit: (tag: TagDTO) => void;
  onDelete: (tag: TagDTO) => void;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ListTable
      testId="tags-table"
      columns={[
        { key: 'id', label: t('tags.columns.id') },
        { key: 'name', label: t('tags.columns.name'), align: 'center' },
        { key: 'color', label: t('tags.columns.color'), align: 'center' },
        { key: 'contacts', label: t('tags.columns.contacts'), align: 'center' },
        { key: 'actions', label: t('tags.columns.actions'), align: 'center' },
      ]}
      footer={footer}
    >
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
          <RowActionsCell
            testIdPrefix="tag"
            id={tag.id}
            onEdit={() => onEdit(tag)}
            onDelete={canDelete ? () => onDelete(tag) : undefined}
          />
        </TableRow>
      ))}
    </ListTable>
  );
}
