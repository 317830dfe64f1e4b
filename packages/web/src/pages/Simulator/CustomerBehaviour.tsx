/**
 * How WhatsApp treats this customer on the simulated network: addressed by LID (a LID-migrated
 * account; a send to the number is refused with 463) and/or refusing every message with a code —
 * to see how the inbox shows a send WhatsApp refuses.
 */
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { SIMULATOR_REFUSAL_CODES, type SimulatorBehaviourInput } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { useCustomerBehaviour, useSetCustomerBehaviour } from '../../api/simulator';
import { useToast } from '../../components/Toasts';

export function CustomerBehaviour({ customer }: { customer: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const behaviour = useCustomerBehaviour(customer);
  const save = useSetCustomerBehaviour(customer);
  if (!behaviour.data) return null;
  const current: SimulatorBehaviourInput = {
    lidAddressed: behaviour.data.lidAddressed,
    refuses: (behaviour.data.refuses as SimulatorBehaviourInput['refuses']) ?? null,
  };
  const change = (next: Partial<SimulatorBehaviourInput>) =>
    void save.mutateAsync({ ...current, ...next }).then(
      () => toast.info(t('simulator.behaviourSaved')),
      (err: unknown) => toast.error(err),
    );
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            size="small"
            checked={current.lidAddressed}
            disabled={save.isPending}
            onChange={(e) => change({ lidAddressed: e.target.checked })}
            slotProps={{ input: { 'aria-label': t('simulator.lidAddressed') } }}
            data-testid="simulator-lid-addressed"
          />
        }
        label={t('simulator.lidAddressed')}
        slotProps={{ typography: { variant: 'body2' } }}
      />
      <TextField
        select
        size="small"
        label={t('simulator.refuses')}
        value={current.refuses ?? ''}
        disabled={save.isPending}
        onChange={(e) => change({ refuses: (e.target.value || null) as SimulatorBehaviourInput['refuses'] })}
        sx={{ minWidth: 160 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'simulator-refuses' } as object } }}
      >
        <MenuItem value="">{t('simulator.refusesNone')}</MenuItem>
        {SIMULATOR_REFUSAL_CODES.map((code) => (
          <MenuItem key={code} value={code} data-testid={`simulator-refuses-${code}`}>
            {t('simulator.refusesCode', { code })}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
