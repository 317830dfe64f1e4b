import { type SettingDTO, type SettingKey, settingSchema, type settingUpdateSchema } from '@switchboard/shared';
import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './queryKeys';
import { upsertSetting } from './cacheUpdates';

export function useSettings(enabled = true) {
  return useQuery({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => api.get('/settings', z.array(settingSchema), undefined, signal),
    enabled,
  });
}

export function settingValue(settings: SettingDTO[] | undefined, key: SettingKey): string | undefined {
  return settings?.find((s) => s.key === key)?.value;
}

export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: SettingKey } & z.input<typeof settingUpdateSchema>) =>
      api.put(`/settings/${encodeURIComponent(key)}`, settingSchema, { value }),
    onSuccess: (setting) => {
      queryClient.setQueryData<SettingDTO[]>(queryKeys.settings, (list) => upsertSetting(list, setting));
    },
  });
}
