import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

export interface ListColumn {
  key: string;
  /** Absent for a column without a heading (e.g. the avatar). */
  label?: string;
  align?: TableCellProps['align'];
  padding?: TableCellProps['padding'];
  /** Left out on a phone-width screen (the row shows it another way, or it can wait). */
  hideOnPhone?: boolean;
}

/** The sx of a cell left out on a phone-width screen (below 600 px). */
export const HIDE_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * The actions column (key `actions`) stays at the right edge of the table's scroll area: on a
 * phone a wide row scrolls sideways under it, and Edit / Delete never end up off screen.
 */
export const STICKY_ACTIONS = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: (theme: { palette: { divider: string } }) => `inset 1px 0 0 ${theme.palette.divider}`,
} as const;

/**
 * The table of a list page: a sticky header row of `columns`, the rows, then `footer` (the
 * ListFooterRow saying "loading" or "empty").
 */
export function ListTable({
  testId,
  columns,
  footer,
  children,
}: {
  testId: string;
  columns: ListColumn[];
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Table size="small" stickyHeader data-testid={testId}>
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            <TableCell
              key={c.key}
              align={c.align}
              padding={c.padding}
              // The header row is sticky already (top); above the sticky body cells.
              sx={c.hideOnPhone ? HIDE_ON_PHONE : c.key === 'actions' ? { ...STICKY_ACTIONS, zIndex: 3 } : undefined}
            >
              {c.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {children}
        {footer}
      </TableBody>
    </Table>
  );
}
