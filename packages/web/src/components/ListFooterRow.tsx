import CircularProgress from '@mui/material/CircularProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

/** Last table row of a list: a spinner while a page loads, the empty text when there is nothing. */
export function ListFooterRow({
  loading,
  empty,
  emptyText,
  colSpan,
}: {
  loading: boolean;
  empty: boolean;
  emptyText: string;
  colSpan: number;
}) {
  if (loading) {
    return (
      <TableRow>
        <TableCell colSpan={colSpan} align="center">
          <CircularProgress size={24} />
        </TableCell>
      </TableRow>
    );
  }
  if (!empty) return null;
  return (
    <TableRow>
      <TableCell colSpan={colSpan} align="center" sx={{ color: 'text.secondary' }}>
        {emptyText}
      </TableCell>
    </TableRow>
  );
}
