import { SETTING_ROUTES as R, type SettingDTO, type SettingKey, type settingUpdateSchema } from '@switchboard/shared';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';
import { queryKeys } from './queryKeys';
import { upsertSetting } from './cacheUpdates';

export function useSettings(enabled = true) {
  return useQuery({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => call(R.list, { signal }),
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
      call(R.update, { params: { key }, body: { value } }),
    onSuccess: (setting) => {
      queryClient.setQueryData<SettingDTO[]>(queryKeys.settings, (list) => upsertSetting(list, setting));
    },
  });
}
