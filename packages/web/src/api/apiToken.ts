/** The external API token (the userApiToken setting): admins only, read and regenerated. */
import { type SettingDTO, settingSchema } from '@switchboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { upsertSetting } from './cacheUpdates';
import { queryKeys } from './queryKeys';

const KEY = ['settings', 'userApiToken'] as const;

export function useApiToken(enabled = true) {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.get('/settings/userApiToken', settingSchema, undefined, signal),
    enabled,
    staleTime: 0,
  });
}

export function useRegenerateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/settings/userApiToken/regenerate', settingSchema),
    onSuccess: (setting) => {
      queryClient.setQueryData(KEY, setting);
      queryClient.setQueryData<SettingDTO[]>(queryKeys.settings, (list) => upsertSetting(list, setting));
    },
  });
}
