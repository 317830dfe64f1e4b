/** Business constants of spec §9. */

/** timeCreateNewTicket and sectorless-direction options, in seconds. */
export const TIME_OPTIONS_SECONDS = [10, 30, 60, 300, 1800, 3600, 7200, 21600, 43200, 86400, 604800, 1296000, 2592000] as const;

/** Connection inactivity options, in hours (0 = disabled). */
export const TIME_INACTIVE_OPTIONS_HOURS = [0, 0.25, 1, 4, 8, 12, 24, 36, 96, 168] as const;

/** Dashboard period options, in days. */
export const DASHBOARD_PERIODS_DAYS = [3, 7, 15, 30, 60, 90] as const;

/** Rating window options, in minutes (how long a rating request waits for the customer). */
export const RATING_WINDOW_OPTIONS_MINUTES = [5, 10, 15, 30, 60, 120, 1440] as const;

export const RATING_SCALE = 10;
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_MIN_CHARS = 3;
export const SUBMIT_DELAY_MS = 400;
export const TOAST_MS = 3000;
export const CONNECTION_BADGE_CHECK_MS = 2000;
export const DROP_HINT_MS = 10_000;
export const INFINITE_SCROLL_THRESHOLD_PX = 100;
export const MESSAGES_SCROLL_THRESHOLD_PX = 50;
export const MOBILE_BREAKPOINT_PX = 600;
export const DRAWER_WIDTH_PX = 240;
export const BUBBLE_MAX_WIDTH_PX = 600;
export const MESSAGE_INPUT_MAX_ROWS = 5;
export const AUDIO_MIN_BYTES = 10_000;
export const AUDIO_BITRATE_KBPS = 128;
export const AUDIO_PLAYBACK_RATES = [0.5, 1, 1.5, 2] as const;
export const TIME_INPUT_STEP_SECONDS = 600;

export const DEFAULT_SECTOR_HOURS = { start: '08:00', end: '18:00' } as const;
export const DEFAULT_CONNECTION_HOURS = {
  start: '08:00',
  end: '18:00',
  lunchStart: '12:00',
  lunchEnd: '13:00',
} as const;
export const DEFAULT_USER_WORK_TIME = { start: '00:00', end: '23:59' } as const;

export const DATE_FORMAT = 'dd/MM/yyyy';
export const CONNECTION_UPDATED_FORMAT = 'dd/MM/yy HH:mm';
export const TIME_FORMAT = 'HH:mm';
export const CSV_SEPARATOR = ';';

/** Page size of every paged list of spec §7. */
export const PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 20;
/**
 * GET /tickets counts matching tickets up to this many and then says "at least" (`countCapped`):
 * a tab badge needs no exact 97,000, and an exact count would read every matching row each time.
 * A thousand, because what a badge tells beyond it ("1,000+" waiting) calls for the same action,
 * and because counting to the cap is most of a busy tab's cost: at 10,000 a list page cost more
 * the more tickets the company had (docs/decisions.md, "Ticket lists page with a keyset cursor").
 */
export const TICKETS_COUNT_CAP = 1_000;
/** GET /contacts counts the same way: up to this many, then `countCapped`. */
export const CONTACTS_COUNT_CAP = 1_000;

export const THEME_COLORS = {
  light: { primary: '#6B62FE', secondary: '#F50057' },
  dark: { primary: '#52d869', secondary: '#ff9100', background: '#080d14', paper: '#181d22' },
} as const;

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const CONNECTION_STATUSES = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING', 'CONNECTED'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** Statuses for which the Connections menu entry shows a warning badge (spec §2 Layout). */
export const CONNECTION_WARNING_STATUSES: readonly string[] = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];

export const TICKET_STATUSES = ['pending', 'open', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const CHANNEL_KINDS = ['whatsapp', 'simulator', 'whatsapp-cloud', 'webchat'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/**
 * What each channel lets the company do to a message after it is sent: react with an emoji, and
 * edit the text of its own sent text. WhatsApp (and the simulator, which behaves like it) allow
 * both; the Cloud API sends reactions (type "reaction") but has no edit; the website widget shows
 * neither (its visitors' widget has no reactions or edits to show them with). The server offers,
 * and accepts, only these.
 */
export const CHANNEL_MESSAGE_ACTIONS: Record<ChannelKind, { react: boolean; edit: boolean }> = {
  whatsapp: { react: true, edit: true },
  simulator: { react: true, edit: true },
  'whatsapp-cloud': { react: true, edit: false },
  webchat: { react: false, edit: false },
};

/** WhatsApp lets a sender edit a text for 15 minutes after sending it. */
export const MESSAGE_EDIT_WINDOW_MINUTES = 15;
