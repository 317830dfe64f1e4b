import { describe, expect, it } from 'vitest';
import { contactCreateSchema, contactQuickCreateSchema } from './contact.js';
import { queueCreateSchema } from './queue.js';
import { tagFormSchema, tagSyncSchema } from './tag.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('contact, tag and sector schemas (shared by forms and routes)', () => {
  it('contact: number separators removed, email optional but valid', () => {
    expect(contactCreateSchema.parse({ name: 'Ana', number: '+55 (11) 9999-0000' })).toMatchObject({
      number: '551199990000',
      email: '',
      extraInfo: [],
    });
    expect(firstMessage(contactCreateSchema.safeParse({ name: 'Ana', number: '551199990000', email: 'x' }))).toBe('Invalid email');
    expect(contactQuickCreateSchema.parse({ name: 'Ana', number: 'a55b11c99990000' }).number).toBe('551199990000');
  });

  it('tag: Portuguese messages and # + hex colour', () => {
    expect(firstMessage(tagFormSchema.safeParse({ name: '', color: '#fff' }))).toBe('Obrigatório');
    expect(firstMessage(tagFormSchema.safeParse({ name: 'ab', color: '#fff' }))).toBe('Mensagem muito curta');
    expect(tagFormSchema.parse({ name: 'abc', color: 'A0B1C2' }).color).toBe('#a0b1c2');
    expect(tagSyncSchema.parse({ contactId: '3', tags: [1, { id: 2, name: 'x' }] })).toEqual({ contactId: 3, tags: [1, 2] });
  });

  it('sector: default hours', () => {
    expect(queueCreateSchema.parse({ name: 'Sales', color: 'red' })).toMatchObject({ startWork: '08:00', endWork: '18:00' });
  });
});
