import { describe, expect, it } from 'vitest';
import { formatDateInZone, formatHourInZone, greetingByTime, renderTemplate, ticketTemplateVars } from './template.js';

const SP = 'America/Sao_Paulo'; // UTC−3, no daylight saving since 2019

describe('renderTemplate', () => {
  const vars = ticketTemplateVars({
    now: new Date('2025-03-14T12:30:00Z'), // 09:30 in São Paulo
    timeZone: SP,
    contactName: 'Maria  Souza',
    userName: 'Ana',
    protocol: '2025000042',
    ticketId: 42,
    queueName: 'Sales',
    connectionName: 'Main line',
  });

  it('renders both spellings of every variable of spec §3', () => {
    const pairs: [string, string][] = [
      ['{{firstName}}', 'Maria'],
      ['{{contactFirstName}}', 'Maria'],
      ['{{name}}', 'Maria  Souza'],
      ['{{contactName}}', 'Maria  Souza'],
      ['{{user}}', 'Ana'],
      ['{{user.name}}', 'Ana'],
      ['{{ms}}', 'Bom dia'],
      ['{{greeting}}', 'Bom dia'],
      ['{{protocol}}', '2025000042'],
      ['{{protocolNumber}}', '2025000042'],
      ['{{date}}', '14/03/2025'],
      ['{{hour}}', '09:30'],
      ['{{ticket_id}}', '42'],
      ['{{queue}}', 'Sales'],
      ['{{connection}}', 'Main line'],
    ];
    for (const [text, out] of pairs) expect(renderTemplate(text, vars), text).toBe(out);
  });

  it('renders several placeholders in a sentence, tolerating inner spaces', () => {
    expect(renderTemplate('{{ms}}, {{ firstName }}! Protocolo {{protocol}}.', vars)).toBe('Bom dia, Maria! Protocolo 2025000042.');
  });

  it('leaves unknown placeholders as typed and renders a known one without value empty', () => {
    expect(renderTemplate('Hi {{nickname}} {{ }} {single}', vars)).toBe('Hi {{nickname}} {{ }} {single}');
    expect(renderTemplate('By {{user}}.', ticketTemplateVars({ now: new Date(), timeZone: SP }))).toBe('By .');
  });
});

describe('greeting by time of day, in the time zone', () => {
  const at = (hhmm: string) => new Date(`2025-03-14T${hhmm}:00-03:00`);
  it.each([
    ['04:59', 'Boa noite'],
    ['05:00', 'Bom dia'],
    ['11:59', 'Bom dia'],
    ['12:00', 'Boa tarde'],
    ['17:59', 'Boa tarde'],
    ['18:00', 'Boa noite'],
    ['23:30', 'Boa noite'],
    ['00:00', 'Boa noite'],
  ])('%s → %s', (hhmm, greeting) => {
    expect(greetingByTime(at(hhmm), SP)).toBe(greeting);
  });

  it('the same instant greets differently in another zone', () => {
    const instant = new Date('2025-03-14T10:00:00Z');
    expect(greetingByTime(instant, SP)).toBe('Bom dia'); // 07:00
    expect(greetingByTime(instant, 'Asia/Tokyo')).toBe('Boa noite'); // 19:00
  });
});

describe('dates and hours in the time zone', () => {
  it('formats dd/MM/yyyy and HH:mm, crossing midnight by zone', () => {
    const instant = new Date('2025-01-01T01:05:00Z');
    expect(formatDateInZone(instant, 'UTC')).toBe('01/01/2025');
    expect(formatHourInZone(instant, 'UTC')).toBe('01:05');
    expect(formatDateInZone(instant, SP)).toBe('31/12/2024');
    expect(formatHourInZone(instant, SP)).toBe('22:05');
  });
});
