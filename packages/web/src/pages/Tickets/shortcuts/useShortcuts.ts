/**
 * Binds desk shortcuts (see shortcutKey) on the window while the component is mounted and
 * `enabled`; handlers are read fresh on every press, so callers pass plain closures.
 */
import { useEffect, useRef } from 'react';
import { shortcutKey } from './shortcutKey';

export function useShortcuts(handlers: Partial<Record<string, () => void>>, enabled = true) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      const key = shortcutKey(e);
      const run = key == null ? undefined : latest.current[key];
      if (!run) return;
      e.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
