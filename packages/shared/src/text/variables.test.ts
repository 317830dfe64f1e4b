import { describe, expect, it } from 'vitest';
import { MESSAGE_VARIABLE_BY_SPELLING, MESSAGE_VARIABLES, insertAtCursor, variablePlaceholder } from './variables.js';

describe('message variables', () => {
  it('covers both spellings of spec §3', () => {
    const spellings = [
      'contactFirstName',
      'firstName',
      'contactName',
      'name',
      'user',
      'user.name',
      'greeting',
      'ms',
      'protocolNumber',
      'protocol',
      'date',
      'hour',
      'ticket_id',
      'queue',
      'connection',
    ];
    for (const s of spellings) expect(MESSAGE_VARIABLE_BY_SPELLING.has(s), s).toBe(true);
    expect(MESSAGE_VARIABLE_BY_SPELLING.get('contactFirstName')).toBe('firstName');
    expect(MESSAGE_VARIABLES).toHaveLength(10);
  });

  it('inserts the placeholder at the cursor, replacing a selection', () => {
    expect(insertAtCursor('Hello !', 6, 6, variablePlaceholder('firstName'))).toEqual({ text: 'Hello {{firstName}}!', cursor: 19 });
    expect(insertAtCursor('Hi XXX.', 3, 6, '{{name}}')).toEqual({ text: 'Hi {{name}}.', cursor: 11 });
    expect(insertAtCursor('ab', 10, 12, '{{ms}}')).toEqual({ text: 'ab{{ms}}', cursor: 8 });
  });
});
