/**
 * Registers the service worker (/sw.js, built by sw/plugin.ts) and reports a new version: a new
 * worker that has installed while an older one controls the page waits (it does not take over
 * mid-session); `activateUpdate` lets it take over and reloads once it has.
 */

/** Registers the worker; `onUpdate` is called when a new version is ready. No-op in development. */
export async function registerServiceWorker(onUpdate: (waiting: ServiceWorker) => void): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const announce = (worker: ServiceWorker | null) => {
    // Without a controller this is the first install: there is no older version to replace.
    if (worker && navigator.serviceWorker.controller) onUpdate(worker);
  };
  announce(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') announce(installing);
    });
  });
  // An app left open for days still learns of a release: look again whenever it is shown.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible')
      registration.update().catch((err: unknown) => console.warn('service worker update check failed', err));
  });
}

/** Lets the waiting worker take over, then reloads the page onto the new version. */
export function activateUpdate(waiting: ServiceWorker): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
