/**
 * A click on a push notification while the app is open: the service worker focuses this window
 * and asks it to open the ticket (sw/service-worker.js, OPEN_PATH); the router goes there without
 * a reload, so the session and the realtime connection stay.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

export function useNotificationClicks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown; path?: unknown } | null;
      if (!data || data.type !== 'OPEN_PATH' || typeof data.path !== 'string') return;
      // Only the app's own paths (the worker sends nothing else; a path is never a URL elsewhere).
      if (!data.path.startsWith('/') || data.path.startsWith('//')) return;
      void navigate(data.path);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate]);
}
