import { CONNECTION_BADGE_CHECK_MS, CONNECTION_WARNING_STATUSES } from '@switchboard/shared';
import { useEffect, useState } from 'react';
import { useConnections } from '../api/connections';

/**
 * Whether any connection needs attention (spec §2 Layout). Re-evaluated CONNECTION_BADGE_CHECK_MS
 * after the connection data changes, so a status that flickers during start-up raises no badge.
 */
export function useConnectionWarning(enabled: boolean): boolean {
  const { data } = useConnections(enabled);
  const [warning, setWarning] = useState(false);
  useEffect(() => {
    if (!enabled || !data) return;
    const timer = setTimeout(() => {
      setWarning(data.some((c) => CONNECTION_WARNING_STATUSES.includes(c.status)));
    }, CONNECTION_BADGE_CHECK_MS);
    return () => clearTimeout(timer);
  }, [data, enabled]);
  return enabled && warning;
}
