import type { SettingDTO, SettingKey } from '@switchboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './queryKeys';
import { upsertSetting } from './cacheUpdates';

export function useSettings(enabled = true) {
  return useQuery({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => api.get<SettingDTO[]>('/settings', undefined, signal),
    enabled,
  });
}

export function settingValue(settings: SettingDTO[] | undefined, key: SettingKey): string | undefined {
  return settings?.find((s) => s.key === key)?.value;
}

export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: SettingKey; value: string }) =>
      api.put<SettingDTO>(`/settings/${encodeURIComponent(key)}`, { value }),
    onSuccess: (setting) => {
      queryClient.setQueryData<SettingDTO[]>(queryKeys.settings, (list) => upsertSetting(list, setting));
    },
  });
}
