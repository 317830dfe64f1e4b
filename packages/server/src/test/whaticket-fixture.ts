/**
 * A small Whaticket-family database made by the tests, on MySQL/MariaDB or PostgreSQL: the tables
 * and columns the public whaticket-community and Press-Ticket migrations create (Sequelize,
 * quoted CamelCase), plus one column no variant has, which the import must report.
 *
 * Times are written as those installs write them: MySQL DATETIMEs in -03:00 (their DB_TIMEZONE),
 * PostgreSQL timestamptz with the offset. Rows that an import gets wrong easily: a quote of a
 * message whose id sorts later, a text that looks like a date, a location, names over this side's
 * limits, a ticket whose connection was deleted (whatsappId NULL), per-connection hours and
 * inactivity, and per-user permission flags (Press-Ticket).
 */
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
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const PERMISSIONS = ['allHistoric', 'isRemoveTags', 'viewConection', 'viewSector', 'viewName', 'viewTags', 'allTicket'];

export async function createWhaticketDatabase(exec: Exec, dialect: Dialect, variant: 'community' | 'press-ticket'): Promise<void> {
  const q = (n: string) => (dialect === 'mysql' ? `\`${n}\`` : `"${n}"`);
  const serial = dialect === 'mysql' ? 'INTEGER AUTO_INCREMENT PRIMARY KEY' : 'SERIAL PRIMARY KEY';
  const when = dialect === 'mysql' ? 'DATETIME' : 'TIMESTAMP WITH TIME ZONE';
  const ts = `${q('createdAt')} ${when} NOT NULL, ${q('updatedAt')} ${when} NOT NULL`;
  const press = variant === 'press-ticket';
  const tables = [
    `CREATE TABLE ${q('Settings')} (${q('key')} VARCHAR(255) PRIMARY KEY, ${q('value')} TEXT NOT NULL, ${ts})`,
    `CREATE TABLE ${q('Queues')} (${q('id')} ${serial}, ${q('name')} VARCHAR(255) NOT NULL, ${q('color')} VARCHAR(255) NOT NULL, ${q('greetingMessage')} TEXT${
      press ? `, ${q('startWork')} VARCHAR(255), ${q('endWork')} VARCHAR(255), ${q('absenceMessage')} TEXT` : ''
    }, ${ts})`,
    `CREATE TABLE ${q('Whatsapps')} (${q('id')} ${serial}, ${q('session')} TEXT, ${q('qrcode')} TEXT, ${q('status')} VARCHAR(255), ${q('battery')} VARCHAR(255), ${q('plugged')} BOOLEAN, ${q('retries')} INTEGER, ${q('name')} VARCHAR(255) NOT NULL, ${q('isDefault')} BOOLEAN NOT NULL, ${q('greetingMessage')} TEXT, ${q('farewellMessage')} TEXT${
      press
        ? `, ${q('isDisplay')} BOOLEAN DEFAULT false, ${q('isGroup')} BOOLEAN DEFAULT false, ${q('sendInactiveMessage')} BOOLEAN DEFAULT false, ${q('inactiveMessage')} TEXT, ${q('timeInactiveMessage')} TEXT, ${q('defineWorkHours')} BOOLEAN, ${q('outOfWorkMessage')} TEXT, ${DAYS.map((d) => `${q(d.toLowerCase())} BOOLEAN`).join(', ')}, ${DAYS.flatMap(
            (d) => [`StartDefineWorkHours${d}`, `EndDefineWorkHours${d}`, `StartDefineWorkHours${d}Lunch`, `EndDefineWorkHours${d}Lunch`],
          )
            .map((c) => `${q(c)} TEXT`)
            .join(', ')}`
        : ''
    }, ${ts})`,
    `CREATE TABLE ${q('WhatsappQueues')} (${q('whatsappId')} INTEGER NOT NULL, ${q('queueId')} INTEGER NOT NULL, ${ts}, PRIMARY KEY (${q('whatsappId')}, ${q('queueId')}))`,
    `CREATE TABLE ${q('Users')} (${q('id')} ${serial}, ${q('name')} VARCHAR(255) NOT NULL, ${q('email')} VARCHAR(255) NOT NULL, ${q('passwordHash')} VARCHAR(255) NOT NULL, ${q('tokenVersion')} INTEGER NOT NULL DEFAULT 0, ${q('profile')} VARCHAR(255) NOT NULL, ${q('whatsappId')} INTEGER${
      press
        ? `, ${q('startWork')} VARCHAR(255), ${q('endWork')} VARCHAR(255), ${PERMISSIONS.map((p) => `${q(p)} VARCHAR(255) DEFAULT 'enabled'`).join(', ')}`
        : ''
    }, ${ts})`,
    `CREATE TABLE ${q('UserQueues')} (${q('userId')} INTEGER NOT NULL, ${q('queueId')} INTEGER NOT NULL, ${ts}, PRIMARY KEY (${q('userId')}, ${q('queueId')}))`,
    `CREATE TABLE ${q('Contacts')} (${q('id')} ${serial}, ${q('name')} VARCHAR(255) NOT NULL, ${q('number')} VARCHAR(255) NOT NULL, ${q('profilePicUrl')} VARCHAR(255), ${q('email')} VARCHAR(255) NOT NULL DEFAULT '', ${q('isGroup')} BOOLEAN NOT NULL DEFAULT false, ${q('favoriteColour')} VARCHAR(255), ${ts})`,
    `CREATE TABLE ${q('ContactCustomFields')} (${q('id')} ${serial}, ${q('name')} VARCHAR(255) NOT NULL, ${q('value')} VARCHAR(255) NOT NULL, ${q('contactId')} INTEGER NOT NULL, ${ts})`,
    `CREATE TABLE ${q('QuickAnswers')} (${q('id')} ${serial}, ${q('shortcut')} TEXT NOT NULL, ${q('message')} TEXT NOT NULL, ${ts})`,
    `CREATE TABLE ${q('Tickets')} (${q('id')} ${serial}, ${q('status')} VARCHAR(255) NOT NULL, ${q('lastMessage')} TEXT, ${q('contactId')} INTEGER, ${q('userId')} INTEGER, ${q('whatsappId')} INTEGER, ${q('queueId')} INTEGER, ${q('isGroup')} BOOLEAN NOT NULL DEFAULT false, ${q('unreadMessages')} INTEGER, ${ts})`,
    `CREATE TABLE ${q('Messages')} (${q('id')} VARCHAR(255) PRIMARY KEY, ${q('body')} TEXT NOT NULL, ${q('ack')} INTEGER NOT NULL DEFAULT 0, ${q('read')} BOOLEAN NOT NULL DEFAULT false, ${q('fromMe')} BOOLEAN NOT NULL DEFAULT false, ${q('mediaUrl')} VARCHAR(255), ${q('mediaType')} VARCHAR(255), ${q('isDeleted')} BOOLEAN NOT NULL DEFAULT false, ${q('ticketId')} INTEGER NOT NULL, ${q('contactId')} INTEGER, ${q('quotedMsgId')} VARCHAR(255), ${ts})`,
    `CREATE TABLE ${q('SequelizeMeta')} (${q('name')} VARCHAR(255) PRIMARY KEY)`,
    `CREATE TABLE ${q('Schedules')} (${q('id')} ${serial}, ${q('body')} TEXT)`,
  ];
  if (press) {
    tables.push(
      `CREATE TABLE ${q('Tags')} (${q('id')} ${serial}, ${q('name')} VARCHAR(255) NOT NULL, ${q('color')} VARCHAR(255), ${ts})`,
      `CREATE TABLE ${q('ContactTags')} (${q('contactId')} INTEGER NOT NULL, ${q('tagId')} INTEGER NOT NULL, ${ts}, PRIMARY KEY (${q('contactId')}, ${q('tagId')}))`,
    );
  }
  for (const ddl of tables) await exec(ddl);

  // 12:00 and 09:30 in -03:00: 15:00 and 12:30 UTC.
  const now = dialect === 'mysql' ? "'2024-05-01 12:00:00'" : "'2024-05-01 12:00:00-03:00'";
  const later = dialect === 'mysql' ? "'2024-05-02 09:30:00'" : "'2024-05-02 09:30:00-03:00'";
  const t = `${now}, ${later}`;
  const bool = (b: boolean) => (dialect === 'mysql' ? (b ? '1' : '0') : b ? 'true' : 'false');
  const hash = bcrypt.hashSync(OLD_PASSWORD, 8);
  const rows = [
    `INSERT INTO ${q('Settings')} VALUES ('userCreation', 'disabled', ${t}), ('sourceType', 'image', ${t}), ('call', 'maybe', ${t})`,
    press
      ? `INSERT INTO ${q('Queues')} VALUES (1, 'Sales', '#FF0000', 'Welcome to sales', '08:00', '18:00', 'We are closed', ${t}), (2, 'Support', '00ff00', NULL, NULL, NULL, NULL, ${t}), (3, '${LONG_QUEUE_NAME}', '#0000ff', NULL, NULL, NULL, NULL, ${t})`
      : `INSERT INTO ${q('Queues')} VALUES (1, 'Sales', '#FF0000', 'Welcome to sales', ${t}), (2, 'Support', '00ff00', NULL, ${t}), (3, '${LONG_QUEUE_NAME}', '#0000ff', NULL, ${t})`,
    press
      ? // Open Monday to Friday 09:00–17:00 (lunch 12:00–13:00), Saturday 08:00–12:00 without lunch.
        `INSERT INTO ${q('Whatsapps')} (${['id', 'session', 'qrcode', 'status', 'battery', 'plugged', 'retries', 'name', 'isDefault', 'greetingMessage', 'farewellMessage', 'isDisplay', 'isGroup', 'sendInactiveMessage', 'inactiveMessage', 'timeInactiveMessage', 'defineWorkHours', 'outOfWorkMessage', ...DAYS.map((d) => d.toLowerCase()), ...DAYS.flatMap((d) => [`StartDefineWorkHours${d}`, `EndDefineWorkHours${d}`, `StartDefineWorkHours${d}Lunch`, `EndDefineWorkHours${d}Lunch`]), 'createdAt', 'updatedAt'].map(q).join(', ')})
         VALUES (1, 'session-blob', 'qr', 'CONNECTED', '90', ${bool(true)}, 0, 'Main phone', ${bool(true)}, 'Hello!', 'Bye!', ${bool(true)}, ${bool(true)}, ${bool(true)}, 'Closing for inactivity', '4', ${bool(true)}, 'We are closed now',
           ${DAYS.map((d) => bool(d !== 'Sunday')).join(', ')},
           ${DAYS.map((d) => (d === 'Saturday' ? "'08:00', '12:00', '', ''" : "'09:00', '17:00', '12:00', '13:00'")).join(', ')}, ${t})`
      : `INSERT INTO ${q('Whatsapps')} VALUES (1, 'session-blob', 'qr', 'CONNECTED', '90', ${bool(true)}, 0, 'Main phone', ${bool(true)}, 'Hello!', 'Bye!', ${t})`,
    `INSERT INTO ${q('WhatsappQueues')} VALUES (1, 1, ${t}), (1, 2, ${t})`,
    press
      ? // Ana may see only her sector's tickets, neither the connection nor other names, and not remove tags.
        `INSERT INTO ${q('Users')} VALUES (1, 'Old Admin', 'old.admin@example.com', '${hash}', 3, 'admin', 1, '00:00', '23:59', ${PERMISSIONS.map(() => "'enabled'").join(', ')}, ${t}),
           (2, 'Agent Ana', 'ana@example.com', '${hash}', 0, 'user', NULL, '09:00', '17:00', 'disabled', 'disabled', 'disabled', 'enabled', 'disabled', 'disabled', 'disabled', ${t})`
      : `INSERT INTO ${q('Users')} VALUES (1, 'Old Admin', 'old.admin@example.com', '${hash}', 3, 'admin', 1, ${t}), (2, 'Agent Ana', 'ana@example.com', '${hash}', 0, 'user', NULL, ${t})`,
    `INSERT INTO ${q('UserQueues')} VALUES (2, 2, ${t})`,
    `INSERT INTO ${q('Contacts')} VALUES (1, 'Maria Customer', '5511988880001', '', 'maria@example.com', ${bool(false)}, 'blue', ${t}), (2, 'João', '+55 (11) 98888-0002', NULL, '', ${bool(false)}, NULL, ${t}), (3, 'Nobody', '', NULL, '', ${bool(false)}, NULL, ${t}), (4, '${LONG_CONTACT_NAME}', '5511988880004', NULL, 'not-an-email', ${bool(false)}, NULL, ${t})`,
    `INSERT INTO ${q('ContactCustomFields')} VALUES (1, 'CPF', '123.456.789-00', 1, ${t}), (2, 'Orphan', 'x', 3, ${t})`,
    `INSERT INTO ${q('QuickAnswers')} VALUES (1, 'hello', 'Hello! How can we help?', ${t})`,
    `INSERT INTO ${q('Tickets')} VALUES (1, 'closed', 'Thanks!', 1, 2, 1, 2, ${bool(false)}, 0, ${t}), (2, 'open', 'Where is my order?', 2, 2, 1, 2, ${bool(false)}, 1, ${t}), (3, 'pending', 'hi', 1, NULL, NULL, NULL, ${bool(false)}, 1, ${t})`,
    `INSERT INTO ${q('Messages')} VALUES
      ('3EB0A1', 'I need help', 3, ${bool(true)}, ${bool(false)}, NULL, 'chat', ${bool(false)}, 1, 1, NULL, ${t}),
      ('3EB0A2', 'Sure, here you go', 3, ${bool(true)}, ${bool(true)}, NULL, 'chat', ${bool(false)}, 1, NULL, '3EB0A1', ${t}),
      ('3EB0A3', 'invoice.pdf', 3, ${bool(true)}, ${bool(true)}, 'invoice.pdf', 'document', ${bool(false)}, 1, NULL, NULL, ${t}),
      ('3EB0A4', 'photo', 0, ${bool(false)}, ${bool(false)}, 'lost-photo.jpg', 'image', ${bool(false)}, 2, 2, NULL, ${t}),
      ('3EB0A5', 'Where is my order?', 0, ${bool(false)}, ${bool(false)}, NULL, 'chat', ${bool(false)}, 2, 2, NULL, ${t}),
      ('3EB0A6', 'lost ticket', 0, ${bool(false)}, ${bool(false)}, NULL, 'chat', ${bool(false)}, 3, 1, NULL, ${t}),
      ('3EA001', 'About this', 3, ${bool(true)}, ${bool(true)}, NULL, 'chat', ${bool(false)}, 1, NULL, '3EB0A1', ${t}),
      ('3EA002', '2024-05-01 12:00:00', 0, ${bool(true)}, ${bool(false)}, NULL, 'chat', ${bool(false)}, 1, 1, NULL, ${t}),
      ('3EA003', '${LOCATION_BODY}', 0, ${bool(true)}, ${bool(false)}, NULL, 'location', ${bool(false)}, 1, 1, NULL, ${t}),
      ('3EA004', 'orphan', 0, ${bool(false)}, ${bool(false)}, NULL, 'chat', ${bool(false)}, 99, 1, NULL, ${t})`,
  ];
  if (press) {
    rows.push(
      `INSERT INTO ${q('Tags')} VALUES (1, 'VIP customer', '#abcdef', ${t}), (2, 'x', '', ${t})`,
      `INSERT INTO ${q('ContactTags')} VALUES (1, 1, ${t}), (2, 2, ${t})`,
    );
  }
  for (const sql of rows) await exec(sql);
}
