/** A minimal vCard 3.0 for the "contact card" message, and the name read back from one. */
export function buildVcard(name: string, number: string): string {
  const digits = number.replace(/\D/g, '');
  return ['BEGIN:VCARD', 'VERSION:3.0', `FN:${name}`, `TEL;type=CELL;waid=${digits}:+${digits}`, 'END:VCARD'].join('\n');
}

export function vcardName(vcard: string): string | undefined {
  return /^FN:(.*)$/m.exec(vcard)?.[1]?.trim();
}
