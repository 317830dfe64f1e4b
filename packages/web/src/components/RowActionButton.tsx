import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

/** A small icon button of a table row's actions cell, named by its tooltip. */
export function RowActionButton({
  title,
  onClick,
  testId,
  children,
}: {
  title: string;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Tooltip title={title}>
      <IconButton size="small" onClick={onClick} data-testid={testId} aria-label={title}>
        {children}
      </IconButton>
    </Tooltip>
  );
}
