/**
 * Web Push on this device: subscribe the browser with the server's VAPID key and register the
 * subscription (one per user per device, server modules/push), switch previews, unsubscribe.
 * The browser's subscription and the server's row are kept together: the server row is found by
 * the browser's endpoint.
 */
import { PUSH_ROUTES as R, type PushDeviceDTO } from '@switchboard/shared';
import { call } from '../api/client';

export type PushSupport = 'supported' | 'unsupported' | 'denied';

export function pushSupport(): PushSupport {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    typeof Notification === 'undefined'
  ) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (pushSupport() === 'unsupported') return null;
  // No worker in development builds: nothing to subscribe.
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}

/** The server's record of this device, when this browser is subscribed for the signed-in user. */
export async function thisDevice(): Promise<PushDeviceDTO | null> {
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  if (!subscription) return null;
  const { devices } = await call(R.list);
  return devices.find((d) => d.endpoint === subscription.endpoint) ?? null;
}

/** A name the user recognises in a list of devices ("Chrome on Android"). */
function deviceLabel(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return system ? `${browser} · ${system}` : browser;
}

/** Asks permission if needed, subscribes the browser and registers it; throws when refused. */
export async function enablePush(options: { hidePreviews: boolean; language: 'pt' | 'en' | 'es' }): Promise<PushDeviceDTO> {
  const reg = await registration();
  if (!reg) throw new Error('push unsupported');
  if (Notification.permission !== 'granted' && (await Notification.requestPermission()) !== 'granted') throw new Error('permission denied');
  const { publicKey } = await call(R.publicKey);
  let subscription = await reg.pushManager.getSubscription();
  // A subscription made with another server key cannot receive our pushes: replace it.
  const current = subscription?.options.applicationServerKey;
  if (
    subscription &&
    current &&
    btoa(String.fromCharCode(...new Uint8Array(current))) !== btoa(String.fromCharCode(...keyBytes(publicKey)))
  ) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const json = subscription.toJSON();
  return call(R.subscribe, {
    body: {
      endpoint: subscription.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      label: deviceLabel(),
      ...options,
    },
  });
}

/** Unregisters this device and drops the browser's subscription (signing out does this too). */
export async function disablePush(): Promise<void> {
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  if (!subscription) return;
  const { devices } = await call(R.list);
  const mine = devices.find((d) => d.endpoint === subscription.endpoint);
  if (mine) await call(R.remove, { params: { id: mine.id } });
  await subscription.unsubscribe();
}

export function setHidePreviews(deviceId: number, hidePreviews: boolean): Promise<PushDeviceDTO> {
  return call(R.update, { params: { id: deviceId }, body: { hidePreviews } });
}
