import { useCallback, useState } from 'react';

/**
 * A value remembered in localStorage (spec §3 Local storage: audioMessageRate, signOption, …).
 * Storage failures (private mode, quota) fall back to the in-memory value.
 */
export function useStoredState<T>(key: string, initial: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => readStored(key, initial));
  const set = useCallback(
    (next: T) => {
      setValue(next);
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Remembering is a convenience; the value still applies to this session.
      }
    },
    [key],
  );
  return [value, set];
}

export function readStored<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw == null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}
