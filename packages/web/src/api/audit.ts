/** The audit log (admins): pages of records under the chosen filters, and their CSV export. */
import { AUDIT_ROUTES, type auditQuerySchema } from '@switchboard/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from './client';
import { downloadCsv } from './download';

/** The page's filters, as the route's query takes them (every one optional). */
export type AuditFilter = Omit<z.input<typeof auditQuerySchema>, 'pageNumber'>;

export function useAuditLog(filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: ['auditLog', filter],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => call(AUDIT_ROUTES.list, { query: { ...filter, pageNumber: pageParam }, signal }),
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
}

export function exportAuditLog(filter: AuditFilter): Promise<void> {
  const query = new URLSearchParams(
    Object.entries(filter)
      .filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== '')
      .map(([k, v]) => [k, String(v)]),
  );
  const qs = query.toString();
  return downloadCsv(`/audit-log/export${qs ? `?${qs}` : ''}`, 'audit-log.csv');
}
