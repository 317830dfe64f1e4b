/**
 * The keyboard help of the tickets screen: `?` (or the keyboard button) opens a dialog listing
 * every shortcut; Esc in a text box gives the keys back to the shortcuts.
 */
import KeyboardIcon from '@mui/icons-material/Keyboard';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isTypingTarget, SHORTCUT_KEYS, type ShortcutAction } from './shortcutKey';
import { useShortcuts } from './useShortcuts';

const LISTED: ShortcutAction[] = ['next', 'previous', 'accept', 'resolve', 'composer', 'quickAnswers', 'help', 'leave'];

export function ShortcutsHelp() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useShortcuts({
    [SHORTCUT_KEYS.help]: () => setOpen(true),
    [SHORTCUT_KEYS.leave]: () => {
      const active = document.activeElement;
      if (isTypingTarget(active)) (active as HTMLElement).blur();
    },
  });

  return (
    <>
      <Tooltip title={t('tickets.shortcuts.open')}>
        {/* Phones have no keyboard to use it with: the button shows from tablet width up. */}
        <IconButton
          onClick={() => setOpen(true)}
          aria-label={t('tickets.shortcuts.open')}
          data-testid="shortcuts-open"
          sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
        >
          <KeyboardIcon />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="xs" fullWidth data-testid="shortcuts-dialog">
        <DialogTitle>{t('tickets.shortcuts.title')}</DialogTitle>
        <DialogContent>
          <Table size="small">
            <TableBody>
              {LISTED.map((action) => (
                <TableRow key={action} data-testid={`shortcut-${action}`}>
                  <TableCell sx={{ width: 72, pl: 0 }}>
                    <Box
                      component="kbd"
                      sx={{
                        fontFamily: 'monospace',
                        fontSize: 13,
                        px: 0.75,
                        py: 0.25,
                        border: 1,
                        borderColor: 'divider',
                        borderBottomWidth: 2,
                        borderRadius: 1,
                        bgcolor: 'action.hover',
                      }}
                    >
                      {action === 'leave' ? 'Esc' : SHORTCUT_KEYS[action].toUpperCase()}
                    </Box>
                  </TableCell>
                  <TableCell sx={{ pr: 0 }}>{t(`tickets.shortcuts.${action}`)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {t('tickets.shortcuts.hint')}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} data-testid="shortcuts-close">
            {t('common.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
