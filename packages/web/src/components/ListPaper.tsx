import Paper from '@mui/material/Paper';
import type { ReactNode, UIEvent } from 'react';

/** The scrolling box around a list table; its own scrollbar drives the infinite scroll. */
export function ListPaper({
  onScroll,
  testId,
  children,
}: {
  onScroll?: (event: UIEvent<HTMLElement>) => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" onScroll={onScroll} sx={{ overflowY: 'auto', maxHeight: 'calc(100vh - 220px)' }} data-testid={testId}>
      {children}
    </Paper>
  );
}
