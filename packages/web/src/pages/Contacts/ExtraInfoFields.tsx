/** The contact's extra information: name/value rows the user adds and removes (spec §3 Contact). */
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFieldArray, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/FormTextField';
import { EMPTY_EXTRA_INFO, type ContactFormInput, type ContactFormOutput } from './contactFormValues';

export function ExtraInfoFields({ control }: { control: Control<ContactFormInput, unknown, ContactFormOutput> }) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: 'extraInfo' });
  return (
    <Box data-testid="contact-extra-info">
      <Typography variant="subtitle2" color="primary" sx={{ mb: 1 }}>
        {t('contacts.modal.extraInfo')}
      </Typography>
      <Stack spacing={0.5}>
        {fields.map((row, index) => (
          <Box key={row.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }} data-testid={`extra-info-row-${index}`}>
            <FormTextField
              control={control}
              name={`extraInfo.${index}.name`}
              testId={`extra-info-name-${index}`}
              label={t('contacts.modal.extraName')}
            />
            <FormTextField
              control={control}
              name={`extraInfo.${index}.value`}
              testId={`extra-info-value-${index}`}
              label={t('contacts.modal.extraValue')}
            />
            <IconButton
              onClick={() => remove(index)}
              aria-label={t('contacts.modal.removeExtra')}
              data-testid={`extra-info-remove-${index}`}
              sx={{ mt: 0.25 }}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Stack>
      <Button size="small" startIcon={<AddIcon />} onClick={() => append({ ...EMPTY_EXTRA_INFO })} data-testid="extra-info-add">
        {t('contacts.modal.addExtra')}
      </Button>
    </Box>
  );
}
