/**
 * A small Whaticket-family database made by the tests: the schema is the one the reference
 * products' own migrations create (dumped into test/whaticket-reference/, see its README) —
 * Press-Ticket on MySQL/MariaDB, whaticket-community on PostgreSQL — filled with rows here, plus
 * one column no variant has, which the import must report.
 *
 * Times are written as those installs write them: MySQL DATETIMEs in -03:00 (their DB_TIMEZONE),
 * PostgreSQL timestamptz with the offset. Rows that an import gets wrong easily: a quote of a
 * message whose id sorts later (the quoted row is written first: the schemas' foreign keys hold),
 * a text that looks like a date, a location, names over this side's limits, a ticket whose
 * connection was deleted (whatsappId NULL), a contact without a number and its ticket, a
 * deactivated attendant and an edited message (Press-Ticket).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import bcrypt from 'bcryptjs';

export type Dialect = 'mysql' | 'postgres';
export type Exec = (sql: string) => Promise<unknown>;

export const OLD_PASSWORD = 'old-secret-1';
/** Over the 50 characters a sector name may have here. */
export const LONG_QUEUE_NAME = 'Customer Success and Retention — Southeast Region Team';
/** Over the 200 characters a contact name may have here. */
export const LONG_CONTACT_NAME = `Dona ${'Maria '.repeat(40)}da Silva`;
export const LOCATION_BODY =
  'data:image/png;base64,iVBORw0KGgo=|https://maps.google.com/maps?q=-23.5505%2C-46.6333&z=17&hl=pt-BR|Praça da Sé, São Paulo';

const REFERENCE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'whaticket-reference');
/** Which reference product's schema each engine gets. */
export const REFERENCE_SCHEMA: Record<Dialect, { variant: 'press-ticket' | 'whaticket-community'; file: string }> = {
  mysql: { variant: 'press-ticket', file: 'press-ticket.mariadb.sql' },
  postgres: { variant: 'whaticket-community', file: 'whaticket-community.postgres.sql' },
};

/**
 * The statements of a schema dump, one by one: comments and psql meta-commands (pg_dump's
 * \restrict) dropped; neither dump holds a function body, so a statement ends at a line's ";".
 */
export function referenceSchemaStatements(dialect: Dialect): string[] {
  const text = fs.readFileSync(path.join(REFERENCE, REFERENCE_SCHEMA[dialect].file), 'utf8');
  const lines = text.split('\n').filter((line) => !line.startsWith('--') && !line.startsWith('\\'));
  return lines
    .join('\n')
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export async function createWhaticketDatabase(exec: Exec, dialect: Dialect): Promise<void> {
  for (const statement of referenceSchemaStatements(dialect)) await exec(statement);
  const press = dialect === 'mysql';
  // pg_dump empties the session's search_path for its own statements; the rows go to public.
  if (!press) await exec('RESET search_path');
  const q = (n: string) => (press ? `\`${n}\`` : `"${n}"`);
  // A column given as undefined is one this variant lacks: left out.
  const insert = async (table: string, row: Record<string, string | number | boolean | null | undefined>) => {
    const cols = Object.keys(row).filter((c) => row[c] !== undefined);
    const value = (v: string | number | boolean | null | undefined) =>
      v === null || v === undefined
        ? 'NULL'
        : typeof v === 'boolean'
          ? press
            ? v
              ? '1'
              : '0'
            : String(v)
          : typeof v === 'number'
            ? String(v)
            : `'${v.replace(/'/g, "''")}'`;
    await exec(`INSERT INTO ${q(table)} (${cols.map(q).join(', ')}) VALUES (${cols.map((c) => value(row[c])).join(', ')})`);
  };
  // 12:00 and 09:30 in -03:00: 15:00 and 12:30 UTC. Press-Ticket keeps microseconds on messages and tickets.
  const at = (local: string) => (press ? local : `${local}-03:00`);
  const t = { createdAt: at('2024-05-01 12:00:00'), updatedAt: at('2024-05-02 09:30:00') };
  const hash = bcrypt.hashSync(OLD_PASSWORD, 8);

  // A column no variant has: reported, not guessed at.
  await exec(`ALTER TABLE ${q('Contacts')} ADD COLUMN ${q('favoriteColour')} VARCHAR(255)`);

  for (const [key, value] of [
    ['userCreation', 'disabled'],
    ['sourceType', 'image'],
    ['call', 'maybe'],
  ])
    await insert('Settings', { key, value, ...t });

  const sectorHours = (start: string | null, end: string | null, absence: string | null) =>
    press ? { startWork: start, endWork: end, absenceMessage: absence } : {};
  await insert('Queues', {
    id: 1,
    name: 'Sales',
    color: '#FF0000',
    greetingMessage: 'Welcome to sales',
    ...sectorHours('08:00', '18:00', 'We are closed'),
    ...t,
  });
  await insert('Queues', { id: 2, name: 'Support', color: '00ff00', greetingMessage: null, ...sectorHours(null, null, null), ...t });
  await insert('Queues', { id: 3, name: LONG_QUEUE_NAME, color: '#0000ff', greetingMessage: null, ...t });

  await insert('Whatsapps', {
    id: 1,
    session: 'session-blob',
    qrcode: 'qr',
    status: 'CONNECTED',
    retries: 0,
    name: 'Main phone',
    isDefault: true,
    greetingMessage: 'Hello!',
    farewellMessage: 'Bye!',
    ...(press ? { isDisplay: true, number: '5511999990000', type: 'wwebjs', color: '#5C59A0' } : { battery: '90', plugged: true }),
    ...t,
  });
  await insert('WhatsappQueues', { whatsappId: 1, queueId: 1, ...t });
  await insert('WhatsappQueues', { whatsappId: 1, queueId: 2, ...t });

  const hours = (start: string, end: string) => (press ? { startWork: start, endWork: end } : {});
  // whaticket-community names each attendant's default connection; Press-Ticket links them in UserWhatsapps.
  await insert('Users', {
    id: 1,
    name: 'Old Admin',
    email: 'old.admin@example.com',
    passwordHash: hash,
    tokenVersion: 3,
    profile: 'admin',
    ...(press ? {} : { whatsappId: 1 }),
    ...hours('00:00', '23:59'),
    ...t,
  });
  await insert('Users', {
    id: 2,
    name: 'Agent Ana',
    email: 'ana@example.com',
    passwordHash: hash,
    profile: 'user',
    ...hours('09:00', '17:00'),
    ...t,
  });
  if (press) {
    await insert('UserWhatsapps', { userId: 1, whatsappId: 1, ...t });
    // Switched off in the old install: must not be able to sign in here.
    await insert('Users', {
      id: 3,
      name: 'Former Agent',
      email: 'former@example.com',
      passwordHash: hash,
      profile: 'user',
      active: false,
      ...t,
    });
  }
  await insert('UserQueues', { userId: 2, queueId: 2, ...t });

  await insert('Contacts', {
    id: 1,
    name: 'Maria Customer',
    number: '5511988880001',
    profilePicUrl: '',
    email: 'maria@example.com',
    isGroup: false,
    favoriteColour: 'blue',
    ...(press ? { city: 'São Paulo', birthdate: '1990-05-01 00:00:00', gender: '' } : {}),
    ...t,
  });
  await insert('Contacts', { id: 2, name: 'João', number: '+55 (11) 98888-0002', email: '', isGroup: false, ...t });
  // Press-Ticket allows a contact without a number (NULL); whaticket-community requires one (unique): ''.
  await insert('Contacts', { id: 3, name: 'Nobody', number: press ? null : '', email: '', isGroup: false, ...t });
  await insert('Contacts', { id: 4, name: LONG_CONTACT_NAME, number: '5511988880004', email: 'not-an-email', isGroup: false, ...t });
  await insert('ContactCustomFields', { id: 1, name: 'CPF', value: '123.456.789-00', contactId: 1, ...t });
  await insert('ContactCustomFields', { id: 2, name: 'Orphan', value: 'x', contactId: 3, ...t });
  await insert('QuickAnswers', { id: 1, shortcut: 'hello', message: 'Hello! How can we help?', ...t });

  const ticket = (
    id: number,
    status: string,
    lastMessage: string,
    contactId: number,
    userId: number | null,
    whatsappId: number | null,
    queueId: number | null,
    unread: number,
  ) => insert('Tickets', { id, status, lastMessage, contactId, userId, whatsappId, queueId, isGroup: false, unreadMessages: unread, ...t });
  await ticket(1, 'closed', 'Thanks!', 1, 2, 1, 2, 0);
  await ticket(2, 'open', 'Where is my order?', 2, 2, 1, 2, 1);
  // Its connection was deleted (ON DELETE SET NULL).
  await ticket(3, 'pending', 'hi', 1, null, null, null, 1);
  // The contact without a number: neither it nor its ticket can come over.
  await ticket(4, 'open', 'no number', 3, null, 1, null, 1);

  const message = (
    id: string,
    body: string,
    ack: number,
    read: boolean,
    fromMe: boolean,
    mediaUrl: string | null,
    mediaType: string,
    ticketId: number,
    contactId: number | null,
    quotedMsgId: string | null,
    extra: Record<string, string | number | boolean | null> = {},
  ) =>
    insert('Messages', {
      id,
      body,
      ack,
      read,
      fromMe,
      mediaUrl,
      mediaType,
      isDeleted: false,
      ticketId,
      contactId,
      quotedMsgId,
      ...t,
      ...extra,
    });
  await message(
    '3EB0A1',
    'I need help',
    3,
    true,
    false,
    null,
    'chat',
    1,
    1,
    null,
    press ? { createdAt: at('2024-05-01 12:00:00.250000') } : {},
  );
  await message('3EB0A2', 'Sure, here you go', 3, true, true, null, 'chat', 1, null, '3EB0A1', press ? { userId: 2, isEdited: true } : {});
  await message('3EB0A3', 'invoice.pdf', 3, true, true, 'invoice.pdf', 'document', 1, null, null);
  await message('3EB0A4', 'photo', 0, false, false, 'lost-photo.jpg', 'image', 2, 2, null);
  await message('3EB0A5', 'Where is my order?', 0, false, false, null, 'chat', 2, 2, null);
  await message('3EB0A6', 'lost ticket', 0, false, false, null, 'chat', 3, 1, null);
  // Quotes a message whose id sorts later.
  await message('3EA001', 'About this', 3, true, true, null, 'chat', 1, null, '3EB0A1');
  await message('3EA002', '2024-05-01 12:00:00', 0, true, false, null, 'chat', 1, 1, null);
  await message('3EA003', LOCATION_BODY, 0, true, false, null, 'location', 1, 1, null);
  await message('3EA004', 'no number', 0, false, false, null, 'chat', 4, 3, null);

  if (press) {
    await insert('Tags', { id: 1, name: 'VIP customer', color: '#abcdef', ...t });
    await insert('Tags', { id: 2, name: 'x', color: '', ...t });
    await insert('ContactTags', { contactId: 1, tagId: 1, ...t });
    await insert('ContactTags', { contactId: 2, tagId: 2, ...t });
  }
}

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const PERMISSIONS = ['allHistoric', 'isRemoveTags', 'viewConection', 'viewSector', 'viewName', 'viewTags', 'allTicket'];

/**
 * Press-Ticket installs of other releases than the reference schema's carry per-connection work
 * hours, inactivity messages and group handling, and per-attendant permission flags (the import
 * carries them when present). Adds those columns to a Press-Ticket source made by
 * `createWhaticketDatabase` and fills them: the connection open Monday to Friday 09:00–17:00
 * (lunch 12:00–13:00) and Saturday 08:00–12:00, and Ana restricted to her sector's tickets.
 */
export async function addWorkHoursAndPermissions(exec: Exec): Promise<void> {
  const dayColumns = DAYS.flatMap((d) => [
    `StartDefineWorkHours${d}`,
    `EndDefineWorkHours${d}`,
    `StartDefineWorkHours${d}Lunch`,
    `EndDefineWorkHours${d}Lunch`,
  ]);
  await exec(
    `ALTER TABLE \`Whatsapps\` ADD COLUMN \`isGroup\` BOOLEAN DEFAULT false, ADD COLUMN \`sendInactiveMessage\` BOOLEAN DEFAULT false, ADD COLUMN \`inactiveMessage\` TEXT, ADD COLUMN \`timeInactiveMessage\` TEXT, ADD COLUMN \`defineWorkHours\` BOOLEAN, ADD COLUMN \`outOfWorkMessage\` TEXT, ${DAYS.map((d) => `ADD COLUMN \`${d.toLowerCase()}\` BOOLEAN`).join(', ')}, ${dayColumns.map((c) => `ADD COLUMN \`${c}\` TEXT`).join(', ')}`,
  );
  const hoursOf = (d: string) => (d === 'Saturday' ? ['08:00', '12:00', '', ''] : ['09:00', '17:00', '12:00', '13:00']);
  const assignments = [
    "`isGroup` = true, `sendInactiveMessage` = true, `inactiveMessage` = 'Closing for inactivity', `timeInactiveMessage` = '4'",
    "`defineWorkHours` = true, `outOfWorkMessage` = 'We are closed now'",
    ...DAYS.map((d) => `\`${d.toLowerCase()}\` = ${d === 'Sunday' ? 'false' : 'true'}`),
    ...DAYS.flatMap((d) => hoursOf(d).map((value, i) => `\`${dayColumns[DAYS.indexOf(d) * 4 + i]}\` = '${value}'`)),
  ];
  await exec(`UPDATE \`Whatsapps\` SET ${assignments.join(', ')} WHERE \`id\` = 1`);
  await exec(`ALTER TABLE \`Users\` ${PERMISSIONS.map((p) => `ADD COLUMN \`${p}\` VARCHAR(255) DEFAULT 'enabled'`).join(', ')}`);
  // Ana may see only her sector's tickets, neither the connection nor other names, and not remove tags.
  const ana = ['disabled', 'disabled', 'disabled', 'enabled', 'disabled', 'disabled', 'disabled'];
  await exec(`UPDATE \`Users\` SET ${PERMISSIONS.map((p, i) => `\`${p}\` = '${ana[i]}'`).join(', ')} WHERE \`email\` = 'ana@example.com'`);
}
