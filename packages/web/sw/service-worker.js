/*
 * The app's service worker (served at /sw.js; the build fills in BUILD_ID and SHELL_FILES, see
 * vite.config.ts). It keeps the app shell — index.html, the built scripts and styles, the manifest
 * and icons — so the app opens without a network and can say it is offline. It never answers
 * data: /api and /socket.io always go to the network, so nothing stale is shown as current.
 * A new worker waits until the page asks it to take over (the "new version, reload" notice).
 *
 * Web Push: a push carries what the bell would show (server modules/push: title, maybe a body,
 * the ticket's path, a tag per ticket so a newer push replaces the older notification). A click
 * opens that ticket — in an open window of the app if there is one (the page's router moves
 * there), else in a new window.
 */
/* global self, caches, fetch, URL, Response, clients */
const BUILD_ID = __BUILD_ID__;
const SHELL_FILES = __SHELL_FILES__;
const CACHE = `switchboard-shell-${BUILD_ID}`;
const INDEX = '/index.html';
// The server answers `Vary: Origin` when cross-origin clients are allowed; a module script is
// requested with an Origin header and the cached copy was not, yet the file is the same.
const FROM_SHELL = { cacheName: CACHE, ignoreVary: true };

self.addEventListener('install', (event) => {
  // `cache: 'reload'`: the HTTP cache must not hand an older index.html to a new version's cache.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL_FILES.map((url) => new Request(url, { cache: 'reload' })))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key.startsWith('switchboard-shell-') && key !== CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** Requests the worker never touches: data, realtime, media, the API docs and the embed widget. */
function passThrough(url) {
  return (
    url.origin !== self.location.origin ||
    url.pathname.startsWith('/api/') ||
    url.pathname.startsWith('/socket.io') ||
    url.pathname === '/widget.js' ||
    url.pathname === '/sw.js'
  );
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (passThrough(url)) return;

  if (request.mode === 'navigate') {
    // Every screen is index.html: the network's when it answers, else the cached shell.
    event.respondWith(fetch(request).catch(() => caches.match(INDEX, FROM_SHELL).then((hit) => hit ?? Response.error())));
    return;
  }
  // Built files are named by their content: the cached copy is the right one.
  event.respondWith(caches.match(request, FROM_SHELL).then((hit) => hit ?? fetch(request)));
});

/** The app's own path a notification opens (never another origin). */
function ownPath(value) {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/tickets';
}

self.addEventListener('push', (event) => {
  let data = null;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  // Every push must show a notification (userVisibleOnly): one we cannot read still opens the app.
  const title = data && typeof data.title === 'string' && data.title ? data.title : 'Switchboard';
  const options = {
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: ownPath(data && data.url), ticketId: data && typeof data.ticketId === 'number' ? data.ticketId : null },
  };
  if (data && typeof data.body === 'string') options.body = data.body;
  if (data && typeof data.tag === 'string') {
    options.tag = data.tag;
    // A replaced notification still alerts: it is a new message.
    options.renotify = true;
  }
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = ownPath(event.notification.data && event.notification.data.url);
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (!open) return clients.openWindow(path);
      // The page navigates itself (no reload: its session and socket stay).
      open.postMessage({ type: 'OPEN_PATH', path });
      return open.focus();
    }),
  );
});
