/**
 * Rendering of the message variables of spec §3 (`{{firstName}}`, `{{ms}}` …) in automatic texts,
 * attendants' messages and quick answers. Both spellings of each variable render the same value; a
 * placeholder that names no variable is left exactly as typed, so a customer-facing text never
 * loses something the author wrote on purpose.
 */
import type { CompanyLanguage } from '../schemas/settings.js';
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

/** Morning, afternoon and evening greetings in each company language. */
const GREETINGS: Record<CompanyLanguage, readonly [string, string, string]> = {
  pt: ['Bom dia', 'Boa tarde', 'Boa noite'],
  en: ['Good morning', 'Good afternoon', 'Good evening'],
  es: ['Buenos días', 'Buenas tardes', 'Buenas noches'],
};

/**
 * {{ms}}: morning 05:00–11:59, afternoon 12:00–17:59, evening otherwise, in the time zone and in
 * the company's language (a customer of an English set-up is not greeted in Portuguese).
 */
export function greetingByTime(date: Date, timeZone: string, language: CompanyLanguage = 'pt'): string {
  const hour = Number(zonedParts(date, timeZone).hour);
  const [morning, afternoon, evening] = GREETINGS[language] ?? GREETINGS.pt;
  if (hour >= 5 && hour < 12) return morning;
  if (hour >= 12 && hour < 18) return afternoon;
  return evening;
}

/** What a text about a ticket can mention; absent parts render empty. */
export interface TicketTemplateContext {
  now: Date;
  timeZone: string;
  /** The company's language (the `language` setting); Portuguese when absent. */
  language?: CompanyLanguage;
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
    ms: greetingByTime(c.now, c.timeZone, c.language),
    protocol: c.protocol ?? '',
    date: formatDateInZone(c.now, c.timeZone),
    hour: formatHourInZone(c.now, c.timeZone),
    ticket_id: c.ticketId != null ? String(c.ticketId) : '',
    queue: c.queueName ?? '',
    connection: c.connectionName ?? '',
  };
}
