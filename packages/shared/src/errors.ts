import { CLOUD_ERROR_CODES } from './schemas/cloud.js';

/** Error codes of spec §8. The server answers `{ error: CODE }`; the web translates them. */
export const ERROR_CODES = [
  'ERR_NO_OTHER_WHATSAPP',
  'ERR_NO_DEF_WAPP_FOUND',
  'ERR_WAPP_NOT_INITIALIZED',
  'ERR_WAPP_CHECK_CONTACT',
  'ERR_WAPP_INVALID_CONTACT',
  'ERR_WAPP_DOWNLOAD_MEDIA',
  'ERR_INVALID_CREDENTIALS',
  'ERR_SENDING_WAPP_MSG',
  'ERR_DELETE_WAPP_MSG',
  'ERR_OTHER_OPEN_TICKET',
  'ERR_SESSION_EXPIRED',
  'ERR_USER_CREATION_DISABLED',
  'ERR_NO_PERMISSION',
  'ERR_DUPLICATED_CONTACT',
  'ERR_NO_SETTING_FOUND',
  'ERR_NO_CONTACT_FOUND',
  'ERR_NO_TICKET_FOUND',
  'ERR_NO_USER_FOUND',
  'ERR_NO_WAPP_FOUND',
  'ERR_CREATING_MESSAGE',
  'ERR_CREATING_TICKET',
  'ERR_FETCH_WAPP_MSG',
  'ERR_QUEUE_COLOR_ALREADY_EXISTS',
  'ERR_WAPP_GREETING_REQUIRED',
  'ERR_USER_CREATION_COUNT',
  'ERR_CONNECTION_CREATION_COUNT',
  'ERR_NO_TAG_FOUND',
  'ERR_OUT_OF_HOURS',
  // Media: a file over its size limit; an upload request over its total.
  'ERR_MEDIA_TOO_LARGE',
  'ERR_UPLOAD_TOO_LARGE',
  // Codes beyond spec §8 that the product needs to say precisely what went wrong.
  'ERR_VALIDATION',
  'ERR_DUPLICATED_EMAIL',
  'ERR_LAST_ADMIN',
  'ERR_TOO_MANY_REQUESTS',
  'ERR_NOT_FOUND',
  'ERR_INVALID_TOKEN',
  'ERR_INTERNAL',
  // An import from another install is already running.
  'ERR_IMPORT_RUNNING',
  // WhatsApp Cloud API: the customer-service window and Graph API refusals, said precisely.
  ...CLOUD_ERROR_CODES,
  // A ticket update asking for two things that cannot both happen (e.g. back to the queue and a new sector).
  'ERR_TICKET_CONFLICTING_UPDATE',
  // The database refuses writes (read-only) or cannot be reached: nothing was changed, try again later.
  'ERR_DATABASE_UNAVAILABLE',
  'ERR_DELIVERY_IN_PROGRESS',
  // A reply may quote only a message of its own ticket that its sender can read (never a private note).
  'ERR_QUOTED_MSG_NOT_FOUND',
  // An outgoing webhook's address is on this machine or a private network (refused unless allowed).
  'ERR_WEBHOOK_PRIVATE_TARGET',
  // A push subscription whose endpoint is not a public https address (the server would post to it).
  'ERR_PUSH_ENDPOINT_REFUSED',
  // A web chat visitor's (or the chat's) daily upload total is used up.
  'ERR_UPLOAD_QUOTA',
  // WhatsApp refused one of our messages after taking it (the refusal's own code is kept beside).
  'ERR_WAPP_SEND_REFUSED',
  // A pairing code typed on a phone that no connection waits for (wrong code, or another number).
  'ERR_PAIRING_CODE_INVALID',
  // A scheduled message already sent, failed for good or cancelled cannot be changed any more.
  'ERR_SCHEDULE_NOT_PENDING',
  // A scheduled message came due on a ticket that was closed by then: nothing was sent.
  'ERR_SCHEDULE_TICKET_CLOSED',
  // The channel refused (or cannot take) a reaction, or an edit of one of our texts.
  'ERR_REACT_WAPP_MSG',
  'ERR_EDIT_WAPP_MSG',
  // An edit after the channel's edit window (WhatsApp: 15 minutes after sending).
  'ERR_EDIT_WINDOW_CLOSED',
  // A campaign that started (or ended) cannot be edited, or cannot take the asked step from its status.
  'ERR_CAMPAIGN_STATE',
  // A campaign's audience names nobody to send to.
  'ERR_CAMPAIGN_NO_RECIPIENTS',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Body of every error answer. `details` carries field messages for validation failures. */
export interface ErrorBody {
  // `string & {}` keeps the known codes suggested while accepting any code.
  error: ErrorCode | (string & {});
  message?: string;
  details?: { path: string; message: string }[];
}
