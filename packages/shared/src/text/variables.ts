/**
 * Message variables of spec §3, written in double braces ({{firstName}}). Each variable has the
 * spelling the quick-answer picker inserts (`name`) and the other spelling found in the reference
 * product's screens (`aliases`); both must be understood wherever messages are rendered.
 */
export interface MessageVariable {
  /** Inserted by the variables picker. */
  name: string;
  /** Equivalent spellings that render the same value. */
  aliases: readonly string[];
  /** What the variable becomes (English; the web shows its own translation keyed by `name`). */
  description: string;
}

export const MESSAGE_VARIABLES: readonly MessageVariable[] = [
  { name: 'firstName', aliases: ['contactFirstName'], description: "Contact's first name" },
  { name: 'name', aliases: ['contactName'], description: "Contact's full name" },
  { name: 'user', aliases: ['user.name'], description: "Attendant's name" },
  { name: 'ms', aliases: ['greeting'], description: 'Greeting by time of day' },
  { name: 'protocol', aliases: ['protocolNumber'], description: 'Protocol number' },
  { name: 'date', aliases: [], description: 'Current date' },
  { name: 'hour', aliases: [], description: 'Current time' },
  { name: 'ticket_id', aliases: [], description: 'Ticket number' },
  { name: 'queue', aliases: [], description: 'Sector name' },
  { name: 'connection', aliases: [], description: 'Connection name' },
] as const;

/** Every accepted spelling → the variable's `name`. */
export const MESSAGE_VARIABLE_BY_SPELLING: ReadonlyMap<string, string> = new Map(
  MESSAGE_VARIABLES.flatMap((v) => [v.name, ...v.aliases].map((s) => [s, v.name] as const)),
);

/** The placeholder text of a variable: `{{name}}`. */
export function variablePlaceholder(name: string): string {
  return `{{${name}}}`;
}

/**
 * Inserts `insertion` in place of the selection [start, end) of `text` (the picker inserts at the
 * cursor) and returns the new text with the cursor placed after the insertion.
 */
export function insertAtCursor(text: string, start: number, end: number, insertion: string): { text: string; cursor: number } {
  const a = Math.max(0, Math.min(start, text.length));
  const b = Math.max(a, Math.min(end, text.length));
  return { text: text.slice(0, a) + insertion + text.slice(b), cursor: a + insertion.length };
}
