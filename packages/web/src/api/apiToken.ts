/** The external API token (the userApiToken setting): admins only, read and regenerated. */
import { SETTING_ROUTES as R, type SettingDTO } from '@switchboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';
import { upsertSetting } from './cacheUpdates';
import { queryKeys } from './queryKeys';

const KEY = ['settings', 'userApiToken'] as const;

export function useApiToken(enabled = true) {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => call(R.show, { params: { key: 'userApiToken' }, signal }),
    enabled,
    staleTime: 0,
  });
}

export function useRegenerateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(R.regenerateApiToken),
    onSuccess: (setting) => {
      queryClient.setQueryData(KEY, setting);
      queryClient.setQueryData<SettingDTO[]>(queryKeys.settings, (list) => upsertSetting(list, setting));
    },
  });
}
