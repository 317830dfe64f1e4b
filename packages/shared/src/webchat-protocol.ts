/**
 * What the website widget and the server say to each other, apart from validation: the visitor
 * API's answers and the visitors' realtime namespace. Free of zod and of anything else heavy, so
 * the widget (which must stay small on the host page) imports it directly.
 */

/** What the widget needs to draw itself (GET /api/webchat/:channel/config). */
export interface WebchatConfigDTO {
  name: string;
  color: string;
  askContact: boolean;
}

export interface WebchatVisitorDTO {
  /** Kept by the widget (localStorage); proves who the visitor is on every request. */
  token: string;
  visitorId: string;
}

/** A message as the visitor sees it. */
export interface WebchatMessageDTO {
  id: string;
  body: string;
  /** Written by the company (attendant or automation). */
  fromMe: boolean;
  mediaType: string;
  mediaName: string | null;
  /** Visitor API path of the attachment (fetched with the visitor token). */
  mediaUrl: string | null;
  createdAt: string;
}

/** The visitors' Socket.IO namespace and its events (server → visitor). */
export const WEBCHAT_NAMESPACE = '/webchat';
export const WEBCHAT_EVENTS = {
  /** A new message of the visitor's conversation: WebchatMessageDTO. */
  message: 'webchat:message',
  /** A message the company deleted: { id }. */
  deleted: 'webchat:deleted',
} as const;
