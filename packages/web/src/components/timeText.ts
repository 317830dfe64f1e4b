/**
 * Typing a time as 24-hour text (HH:mm). Browsers draw a native time input in the browser's own
 * locale — AM/PM for a Portuguese or Spanish reader whose browser is American — so those languages
 * get a text field that only ever holds a 24-hour time.
 */

/** What the field holds while typing: digits, one colon after the hour ("1930" → "19:30"). */
export function typedTime(raw: string): string {
  if (raw.includes(':')) {
    const [hour, minute = ''] = raw.split(':');
    return `${hour.replace(/\D/g, '').slice(0, 2)}:${minute.replace(/\D/g, '').slice(0, 2)}`;
  }
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/** On leaving the field: a one-digit hour or minute is padded ("8:3" → "08:03", "8" → "08:00"). */
export function finishedTime(value: string): string {
  const m = /^(\d{1,2})(?::(\d{0,2}))?$/.exec(value);
  if (!m) return value;
  return `${m[1].padStart(2, '0')}:${(m[2] || '0').padStart(2, '0')}`;
}
