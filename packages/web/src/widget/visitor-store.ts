/** The visitor token kept in the host page's localStorage, one per channel. */
import type { WebchatVisitorDTO } from '../../../shared/src/webchat-protocol';

const keyOf = (channel: string) => `switchboard-webchat:${channel}`;

export function loadVisitor(channel: string): WebchatVisitorDTO | null {
  try {
    const raw = localStorage.getItem(keyOf(channel));
    const value = raw ? (JSON.parse(raw) as Partial<WebchatVisitorDTO>) : null;
    return value && typeof value.token === 'string' && typeof value.visitorId === 'string'
      ? { token: value.token, visitorId: value.visitorId }
      : null;
  } catch {
    // Storage blocked (privacy mode): the conversation lasts as long as the page.
    return null;
  }
}

export function saveVisitor(channel: string, visitor: WebchatVisitorDTO | null): void {
  try {
    if (visitor) localStorage.setItem(keyOf(channel), JSON.stringify(visitor));
    else localStorage.removeItem(keyOf(channel));
  } catch {
    // As above: without storage the visitor simply starts over after a reload.
  }
}
