import { describe, expect, it } from 'vitest';
import {
  MSG,
  emailSchema,
  flagInputSchema,
  flagOf,
  idParamSchema,
  pagedSearchQuerySchema,
  requiredText,
  timeOfDaySchema,
} from './schemas/common.js';
import { loginSchema, signupSchema } from './schemas/auth.js';
import { SETTING_DEFAULTS, SETTING_KEYS, SETTING_SCHEMAS, isSettingKey, settingUpdateSchema } from './schemas/settings.js';
import { DEFAULT_USER_FLAGS, userCreateSchema, userFormSchema, userUpdateSchema } from './schemas/user.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('requiredText', () => {
  const name = requiredText(2, 50);
  it.each([
    [undefined, MSG.required],
    [null, MSG.required],
    ['', MSG.required],
    ['   ', MSG.required],
    ['a', MSG.tooShort],
    [' a ', MSG.tooShort],
    ['a'.repeat(51), MSG.tooLong],
  ])('%j → %s', (value, message) => {
    const r = name.safeParse(value);
    expect(r.success).toBe(false);
    expect(firstMessage(r)).toBe(message);
  });

  it('accepts the bounds and trims', () => {
    expect(name.parse('ab')).toBe('ab');
    expect(name.parse('a'.repeat(50))).toHaveLength(50);
    expect(name.parse('  Ana  ')).toBe('Ana');
  });

  it('uses the spec messages literally', () => {
    expect(MSG).toMatchObject({ required: 'Required', tooShort: 'Too Short!', tooLong: 'Too Long!', invalidEmail: 'Invalid email' });
  });
});

describe('emailSchema', () => {
  it('lowercases and trims a valid address', () => {
    expect(emailSchema.parse('  Ana@Example.COM ')).toBe('ana@example.com');
  });
  it.each([
    [undefined, 'Required'],
    ['', 'Required'],
    ['ana', 'Invalid email'],
    ['ana@', 'Invalid email'],
    ['@example.com', 'Invalid email'],
  ])('%j → %s', (value, message) => {
    const r = emailSchema.safeParse(value);
    expect(r.success).toBe(false);
    expect(firstMessage(r)).toBe(message);
  });
});

describe('timeOfDaySchema', () => {
  it.each(['00:00', '08:30', '12:00', '23:59', '19:50'])('accepts %s', (v) => {
    expect(timeOfDaySchema.parse(v)).toBe(v);
  });
  it.each(['24:00', '8:00', '08:60', '08:5', '0800', '', 'ab:cd', '08:00:00', ' 08:00'])('refuses %j', (v) => {
    const r = timeOfDaySchema.safeParse(v);
    expect(r.success).toBe(false);
    expect(firstMessage(r)).toBe(MSG.invalidTime);
  });
});

describe('flagInputSchema', () => {
  it.each([
    ['enabled', true],
    ['desabled', false],
    ['disabled', false],
    [true, true],
    [false, false],
  ])('%j → %s', (input, out) => {
    expect(flagInputSchema.parse(input)).toBe(out);
  });
  it.each(['on', 'Enabled', '', 1, 0, null])('refuses %j', (input) => {
    expect(flagInputSchema.safeParse(input).success).toBe(false);
  });
  it('presents booleans with the reference spelling', () => {
    expect(flagOf(true)).toBe('enabled');
    expect(flagOf(false)).toBe('desabled');
  });
});

describe('idParamSchema and paging', () => {
  it('accepts positive integer ids from the path', () => {
    expect(idParamSchema.parse({ id: '12' })).toEqual({ id: 12 });
  });
  it.each(['abc', '-1', '0', '1.5', ''])('refuses id %j', (id) => {
    expect(idParamSchema.safeParse({ id }).success).toBe(false);
  });
  it('defaults the page query', () => {
    expect(pagedSearchQuerySchema.parse({})).toEqual({ searchParam: '', pageNumber: 1 });
    expect(pagedSearchQuerySchema.parse({ searchParam: 'ana', pageNumber: '3' })).toEqual({ searchParam: 'ana', pageNumber: 3 });
    expect(pagedSearchQuerySchema.safeParse({ pageNumber: '0' }).success).toBe(false);
  });
});

describe('user schemas (spec §5)', () => {
  const valid = { name: 'Ana', email: 'ana@example.com', password: 'secret' };

  it('applies the defaults of spec §3 on create', () => {
    const u = userCreateSchema.parse(valid);
    expect(u).toMatchObject({ profile: 'user', startWork: '00:00', endWork: '23:59', queueIds: [], whatsappId: null });
    expect(DEFAULT_USER_FLAGS).toEqual({
      allHistoric: true,
      isRemoveTags: true,
      viewConection: true,
      viewSector: true,
      viewName: true,
      viewTags: true,
      allTicket: false,
      // Campaigns are granted by an admin, never by default.
      campaigns: false,
    });
  });

  it.each([
    [{ ...valid, password: '1234' }, 'password', 'Too Short!'],
    [{ ...valid, password: '' }, 'password', 'Required'],
    [{ ...valid, password: 'p'.repeat(51) }, 'password', 'Too Long!'],
    [{ ...valid, name: 'A' }, 'name', 'Too Short!'],
    [{ ...valid, email: 'nope' }, 'email', 'Invalid email'],
    [{ email: valid.email, password: valid.password }, 'name', 'Required'],
    [{ ...valid, profile: 'root' }, 'profile', undefined],
  ])('create refuses %j (%s)', (input, field, message) => {
    const r = userCreateSchema.safeParse(input);
    expect(r.success).toBe(false);
    const issue = r.error!.issues.find((i) => i.path[0] === field);
    expect(issue).toBeDefined();
    if (message) expect(issue!.message).toBe(message);
  });

  it('accepts passwords of 5 and 50 characters', () => {
    expect(userCreateSchema.safeParse({ ...valid, password: '12345' }).success).toBe(true);
    expect(userCreateSchema.safeParse({ ...valid, password: 'p'.repeat(50) }).success).toBe(true);
  });

  it('update: an empty password keeps the current one; a short one is refused', () => {
    expect(userUpdateSchema.parse({ password: '' }).password).toBeUndefined();
    expect(userUpdateSchema.parse({}).password).toBeUndefined();
    expect(firstMessage(userUpdateSchema.safeParse({ password: '12' }))).toBe('Too Short!');
    expect(userUpdateSchema.parse({ allTicket: 'enabled' }).allTicket).toBe(true);
  });

  it('the form schema requires a password when creating but not when editing', () => {
    const form = {
      ...valid,
      password: '',
      profile: 'user',
      whatsappId: '',
      queueIds: [],
      startWork: '00:00',
      endWork: '23:59',
      allHistoric: 'enabled',
      isRemoveTags: 'enabled',
      viewConection: 'enabled',
      viewSector: 'enabled',
      viewName: 'enabled',
      viewTags: 'enabled',
      allTicket: 'desabled',
      campaigns: 'desabled',
    };
    expect(userFormSchema('edit').safeParse(form).success).toBe(true);
    const create = userFormSchema('create').safeParse(form);
    expect(create.success).toBe(false);
    expect(create.error!.issues[0].message).toBe('Required');
  });

  it('login and sign-up use the same messages', () => {
    expect(firstMessage(loginSchema.safeParse({ email: 'x', password: 'y' }))).toBe('Invalid email');
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe('Required');
    expect(firstMessage(signupSchema.safeParse({ name: 'Ana', email: 'a@b.co', password: '1' }))).toBe('Too Short!');
  });
});

describe('settings schemas', () => {
  it('has a schema and a default for every key (token and timezone filled by the server)', () => {
    for (const key of SETTING_KEYS) {
      expect(isSettingKey(key)).toBe(true);
      if (key === 'userApiToken' || key === 'timezone') continue;
      const value = (SETTING_DEFAULTS as Record<string, string>)[key];
      expect(value, key).toBeDefined();
      expect(SETTING_SCHEMAS[key].safeParse(value).success, key).toBe(true);
    }
  });

  it('refuses keys that merely exist on every object', () => {
    expect(isSettingKey('constructor')).toBe(false);
    expect(isSettingKey('__proto__')).toBe(false);
  });

  it('validates values per key', () => {
    expect(SETTING_SCHEMAS.darkMode.safeParse('enabled').success).toBe(true);
    expect(SETTING_SCHEMAS.darkMode.safeParse('on').success).toBe(false);
    expect(SETTING_SCHEMAS.timeCreateNewTicket.safeParse('3600').success).toBe(true);
    expect(SETTING_SCHEMAS.timeCreateNewTicket.safeParse('3601').success).toBe(false);
    expect(SETTING_SCHEMAS.timeSendQueue.safeParse('0').success).toBe(true);
    expect(SETTING_SCHEMAS.timezone.safeParse('America/Sao_Paulo').success).toBe(true);
    expect(SETTING_SCHEMAS.timezone.safeParse('Nowhere/Special').success).toBe(false);
    expect(settingUpdateSchema.safeParse({ value: 1 }).success).toBe(false);
  });
});
