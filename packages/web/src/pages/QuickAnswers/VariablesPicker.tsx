/** The "insert variable" menu of the quick-answer modal: lists spec §3's message variables. */
import DataObjectIcon from '@mui/icons-material/DataObject';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { MESSAGE_VARIABLES, variablePlaceholder } from '@switchboard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function VariablesPicker({ onPick }: { onPick: (placeholder: string) => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        size="small"
        startIcon={<DataObjectIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="variables-picker"
        aria-haspopup="menu"
      >
        {t('quickAnswers.modal.variables')}
      </Button>
      <Menu anchorEl={anchor} open={anchor != null} onClose={() => setAnchor(null)} data-testid="variables-menu">
        {MESSAGE_VARIABLES.map((v) => (
          <MenuItem
            key={v.name}
            data-testid={`variable-${v.name}`}
            onClick={() => {
              setAnchor(null);
              onPick(variablePlaceholder(v.name));
            }}
          >
            <ListItemText
              primary={variablePlaceholder(v.name)}
              secondary={t(`quickAnswers.variables.${v.name}`, { defaultValue: v.description })}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
