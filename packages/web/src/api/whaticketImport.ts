/** The Whaticket import of the admin page: start one, follow the running or last one, verify it again. */
import { IMPORT_ROUTES as R, type WhaticketImportStartInput } from '@switchboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from './ApiError';
import { call } from './client';

const KEY = ['imports', 'whaticket'] as const;

/** The running or last import; null when none has run since the server started (the API's 404). */
export function useImportJob() {
  return useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) => {
      try {
        return await call(R.current, { signal });
      } catch (err) {
        if (isApiError(err) && err.status === 404) return null;
        throw err;
      }
    },
    // Progress moves on the server: read it every second while the import or its verification runs.
    refetchInterval: (query) =>
      query.state.data?.status === 'running' || query.state.data?.verification?.status === 'running' ? 1000 : false,
  });
}

/** Asks the running import to stop; it shows as cancelled once it has. */
export function useCancelImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(R.cancel),
    onSuccess: (job) => queryClient.setQueryData(KEY, job),
  });
}

/** Compares the last import with its source again; the job shows the verification as it runs. */
export function useVerifyImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(R.verify),
    onSuccess: (job) => queryClient.setQueryData(KEY, job),
  });
}

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WhaticketImportStartInput) => call(R.start, { body: input }),
    onSuccess: (job) => queryClient.setQueryData(KEY, job),
  });
}
