/** The connection's sectors and, among them, the default one. */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { QueueRef } from '@switchboard/shared';
import { useEffect } from 'react';
import { Controller, useWatch, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ConnectionFormValues } from './connectionFormValues';
import { FormSelect, type ConnectionControl } from './fields';

function QueueChips({ ids, queues }: { ids: number[]; queues: QueueRef[] }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {ids.map((id) => {
        const queue = queues.find((q) => q.id === id);
        return (
          <Chip
            key={id}
            size="small"
            label={queue?.name ?? `#${id}`}
            sx={{ bgcolor: queue?.color, color: queue ? 'common.white' : undefined }}
          />
        );
      })}
    </Box>
  );
}

export function SectorsSection({
  control,
  setValue,
  queues,
}: {
  control: ConnectionControl;
  setValue: UseFormSetValue<ConnectionFormValues>;
  queues: QueueRef[];
}) {
  const { t } = useTranslation();
  const queueIds = useWatch({ control, name: 'queueIds' });
  const defaultQueueId = useWatch({ control, name: 'defaultQueueId' });

  // Removing the default sector from the chosen ones clears the default.
  useEffect(() => {
    if (defaultQueueId != null && !queueIds.includes(defaultQueueId)) setValue('defaultQueueId', null);
  }, [queueIds, defaultQueueId, setValue]);

  const chosen = queues.filter((q) => queueIds.includes(q.id));
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 7 }}>
        <Controller
          control={control}
          name="queueIds"
          render={({ field }) => (
            <TextField
              select
              fullWidth
              size="small"
              label={t('connections.form.queues')}
              id="connection-queueIds"
              value={field.value ?? []}
              onChange={(e) => field.onChange(e.target.value)}
              helperText={queues.length === 0 ? t('connections.form.noQueues') : undefined}
              slotProps={{
                inputLabel: { shrink: true },
                select: {
                  multiple: true,
                  displayEmpty: true,
                  renderValue: (selected) => <QueueChips ids={selected as number[]} queues={queues} />,
                  SelectDisplayProps: { 'data-testid': 'connection-queueIds' } as object,
                },
              }}
            >
              {queues.map((q) => (
                <MenuItem key={q.id} value={q.id}>
                  {q.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 5 }}>
        <FormSelect
          control={control}
          name="defaultQueueId"
          label={t('connections.form.defaultQueue')}
          options={[{ value: '', label: t('connections.form.none') }, ...chosen.map((q) => ({ value: q.id, label: q.name }))]}
        />
      </Grid>
    </Grid>
  );
}
