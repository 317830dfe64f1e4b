import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** The search box of a list screen's header. Shows what was typed; debouncing is the caller's. */
export function SearchField({
  value,
  onChange,
  testId,
  lowercase = false,
}: {
  value: string;
  onChange: (value: string) => void;
  testId: string;
  /** Contacts search is case-insensitive and shows the text lower-cased as typed (spec §2). */
  lowercase?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      size="small"
      placeholder={t('common.search')}
      value={value}
      onChange={(e) => onChange(lowercase ? e.target.value.toLowerCase() : e.target.value)}
      slotProps={{
        htmlInput: { 'data-testid': testId, 'aria-label': t('common.search') },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon color="disabled" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
