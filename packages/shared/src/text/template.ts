/**
 * Rendering of the message variables of spec §3 (`{{firstName}}`, `{{ms}}` …) in automatic texts,
 * attendants' messages and quick answers. Both spellings of each variable render the same value; a
 * placeholder that names no variable is left exactly as typed, so a customer-facing text never
 * loses something the author wrote on purpose.
 */
import { MESSAGE_VARIABLE_BY_SPELLING } from './variables.js';

/** Values by the variable's `name` (see MESSAGE_VARIABLES); a missing known value renders empty. */
export type TemplateVars = Partial<Record<string, string>>;

const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g;

export function renderTemplate(text: string, vars: TemplateVars): string {
  return text.replace(PLACEHOLDER, (whole, spelling: string) => {
    const name = MESSAGE_VARIABLE_BY_SPELLING.get(spelling);
    if (!name) return whole;
    return vars[name] ?? '';
  });
}

interface ZonedParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

function zonedParts(date: Date, timeZone: string): ZonedParts {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** dd/MM/yyyy in the time zone (spec §9 date format). */
export function formatDateInZone(date: Date, timeZone: string): string {
  const p = zonedParts(date, timeZone);
  return `${p.day}/${p.month}/${p.year}`;
}

/** HH:mm in the time zone (spec §9 time format). */
export function formatHourInZone(date: Date, timeZone: string): string {
  const p = zonedParts(date, timeZone);
  return `${p.hour}:${p.minute}`;
}

/** {{ms}}: 'Bom dia' 05:00–11:59, 'Boa tarde' 12:00–17:59, 'Boa noite' otherwise, in the time zone. */
export function greetingByTime(date: Date, timeZone: string): string {
  const hour = Number(zonedParts(date, timeZone).hour);
  if (hour >= 5 && hour < 12) return 'Bom dia';
  if (hour >= 12 && hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

/** What a text about a ticket can mention; absent parts render empty. */
export interface TicketTemplateContext {
  now: Date;
  timeZone: string;
  contactName?: string | null;
  userName?: string | null;
  protocol?: string | null;
  ticketId?: number | null;
  queueName?: string | null;
  connectionName?: string | null;
}

/** The variable values for a ticket at a moment (both spellings are resolved by renderTemplate). */
export function ticketTemplateVars(c: TicketTemplateContext): TemplateVars {
  const name = (c.contactName ?? '').trim();
  return {
    firstName: name.split(/\s+/)[0] ?? '',
    name,
    user: c.userName ?? '',
    ms: greetingByTime(c.now, c.timeZone),
    protocol: c.protocol ?? '',
    date: formatDateInZone(c.now, c.timeZone),
    hour: formatHourInZone(c.now, c.timeZone),
    ticket_id: c.ticketId != null ? String(c.ticketId) : '',
    queue: c.queueName ?? '',
    connection: c.connectionName ?? '',
  };
}
