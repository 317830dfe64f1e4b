import { describe, expect, it } from 'vitest';
import { validationKeyOf } from '../i18n/api-messages.js';
import { campaignSaveSchema, DEFAULT_CAMPAIGN_PACING } from './campaign.js';
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

describe('campaign schema messages (the dialog shows them in the chosen language)', () => {
  const valid = {
    name: 'Promo',
    whatsappId: 1,
    body: 'Hi',
    audience: { csv: [{ number: '5511999990000', name: '' }] },
  };

  it('every message of an invalid campaign form is one the languages know', () => {
    const bad = campaignSaveSchema.safeParse({
      name: '',
      whatsappId: '',
      body: '',
      audience: { recentDays: 0, csv: [{ number: '12', name: '' }] },
      pacing: { ...DEFAULT_CAMPAIGN_PACING, minGapSeconds: 50, maxGapSeconds: 10, hourlyCap: -1 },
    });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => `${i.path.join('.')}=${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'name=Required',
        'whatsappId=Choose a connection',
        'audience.recentDays=Invalid value',
        'audience.csv.0.number=Invalid number',
        'pacing.hourlyCap=Invalid value',
      ]),
    );
    for (const issue of bad.error!.issues) expect(validationKeyOf(issue.message), issue.message).toBeDefined();
  });

  it('the gap order and the empty message are named', () => {
    const gaps = campaignSaveSchema.safeParse({ ...valid, pacing: { ...DEFAULT_CAMPAIGN_PACING, minGapSeconds: 50, maxGapSeconds: 10 } });
    expect(gaps.error?.issues.map((i) => [i.path.join('.'), validationKeyOf(i.message)])).toEqual([['pacing.maxGapSeconds', 'gapOrder']]);
    const empty = campaignSaveSchema.safeParse({ ...valid, body: '' });
    expect(empty.error?.issues.map((i) => [i.path.join('.'), validationKeyOf(i.message)])).toEqual([['body', 'required']]);
    expect(campaignSaveSchema.safeParse(valid).success).toBe(true);
  });
});
