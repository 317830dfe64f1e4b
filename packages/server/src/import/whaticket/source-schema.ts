/**
 * What a Whaticket-family database holds, learned from the public whaticket-community and
 * Press-Ticket migrations (Sequelize: quoted CamelCase tables and columns). For each table we
 * carry over, the columns we read and the columns we know and deliberately leave; any other
 * column is reported as unknown — never guessed at.
 */

export interface TableSpec {
  /** Columns read when the source has them (a missing optional column is simply absent). */
  read: readonly string[];
  /** Columns that must exist for the table to be imported at all. */
  required: readonly string[];
  /** Known columns not carried over, and why. */
  left: Readonly<Record<string, string>>;
}

const timestamps = ['createdAt', 'updatedAt'] as const;
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
/** A connection's week: a flag per day and its start, end and lunch break. */
const WORK_HOUR_COLUMNS = DAYS.flatMap((D) => [
  D.toLowerCase(),
  `StartDefineWorkHours${D}`,
  `EndDefineWorkHours${D}`,
  `StartDefineWorkHours${D}Lunch`,
  `EndDefineWorkHours${D}Lunch`,
]);
const sessionState = 'a connection must be paired again; its session is not carried over';

export const TABLES = {
  Settings: { read: ['key', 'value'], required: ['key', 'value'], left: { ...ts(), companyId: 'single company' } },
  Queues: {
    read: ['id', 'name', 'color', 'greetingMessage', 'startWork', 'endWork', 'absenceMessage', ...timestamps],
    required: ['id', 'name', 'color'],
    left: {
      companyId: 'single company',
      orderQueue: 'no queue options here',
      integrationId: 'no integrations',
      promptId: 'no prompts',
      schedules: 'per-day schedules become one start/end',
    },
  },
  Whatsapps: {
    read: [
      'id',
      'name',
      'isDefault',
      'isDisplay',
      'isGroup',
      'greetingMessage',
      'farewellMessage',
      'ratingMessage',
      'transferTicketMessage',
      'inactiveMessage',
      'sendInactiveMessage',
      'timeInactiveMessage',
      'defineWorkHours',
      'outOfWorkMessage',
      ...WORK_HOUR_COLUMNS,
      ...timestamps,
    ],
    required: ['id', 'name'],
    left: {
      session: sessionState,
      qrcode: sessionState,
      status: sessionState,
      battery: sessionState,
      plugged: sessionState,
      retries: sessionState,
      number: 'learned again when the phone is paired',
      token: 'the API token is a setting here',
      provider: 'one provider per channel here',
      companyId: 'single company',
    },
  },
  WhatsappQueues: { read: ['whatsappId', 'queueId'], required: ['whatsappId', 'queueId'], left: ts() },
  Users: {
    read: [
      'id',
      'name',
      'email',
      'passwordHash',
      'profile',
      'whatsappId',
      'startWork',
      'endWork',
      'allTicket',
      'allHistoric',
      'isRemoveTags',
      'viewConection',
      'viewSector',
      'viewName',
      'viewTags',
      ...timestamps,
    ],
    required: ['id', 'name', 'email', 'passwordHash'],
    left: {
      tokenVersion: 'sessions are not carried over; everyone signs in again',
      isTricked: 'no equivalent',
      online: 'presence is live state',
      super: 'single company',
      companyId: 'single company',
    },
  },
  UserQueues: { read: ['userId', 'queueId'], required: ['userId', 'queueId'], left: ts() },
  Contacts: {
    read: ['id', 'name', 'number', 'email', 'profilePicUrl', 'isGroup', ...timestamps],
    required: ['id', 'name', 'number'],
    left: { companyId: 'single company', useQueues: 'no per-contact queue switch', useDialogflow: 'no Dialogflow' },
  },
  ContactCustomFields: { read: ['id', 'name', 'value', 'contactId'], required: ['id', 'name', 'contactId'], left: ts() },
  Tags: {
    read: ['id', 'name', 'color', ...timestamps],
    required: ['id', 'name'],
    left: { userId: 'a tag belongs to everyone here', companyId: 'single company', kanban: 'no kanban' },
  },
  ContactTags: { read: ['contactId', 'tagId'], required: ['contactId', 'tagId'], left: ts() },
  QuickAnswers: {
    read: ['id', 'shortcut', 'message', ...timestamps],
    required: ['id', 'shortcut', 'message'],
    left: { companyId: 'single company', userId: 'quick answers are shared here' },
  },
  Tickets: {
    read: ['id', 'status', 'lastMessage', 'contactId', 'userId', 'whatsappId', 'queueId', 'isGroup', 'unreadMessages', ...timestamps],
    required: ['id', 'status', 'contactId'],
    left: {
      uuid: 'tickets are addressed by id here',
      chatbot: 'automation state restarts',
      companyId: 'single company',
      queueOptionId: 'no queue options here',
      markedAsDeleted: 'not carried',
    },
  },
  Messages: {
    read: [
      'id',
      'body',
      'ack',
      'read',
      'fromMe',
      'mediaUrl',
      'mediaType',
      'isDeleted',
      'ticketId',
      'contactId',
      'quotedMsgId',
      ...timestamps,
    ],
    required: ['id', 'body', 'ticketId'],
    left: {
      remoteJid: 'the contact carries the address',
      participant: 'the sender contact carries it',
      dataJson: 'raw WhatsApp payloads are not re-served',
      companyId: 'single company',
      queueId: 'the ticket carries the sector',
    },
  },
} as const satisfies Record<string, TableSpec>;

export type SourceTable = keyof typeof TABLES;

function ts(): Record<string, string> {
  return { createdAt: 'not needed for this table', updatedAt: 'not needed for this table' };
}

export interface SourceSurvey {
  variant: 'whaticket-community' | 'press-ticket';
  /** Tables we import that the source has, with the columns we will read. */
  tables: Map<SourceTable, string[]>;
  /** Tables of ours the source lacks (e.g. Tags on whaticket-community). */
  missingTables: SourceTable[];
  /** "Table.column" the source has that we neither read nor know. */
  unknownColumns: string[];
  /** Source tables we do not carry over at all (campaigns, schedules…). */
  otherTables: string[];
}

const CORE: readonly SourceTable[] = ['Users', 'Contacts', 'Tickets', 'Messages'];

export class NotWhaticketError extends Error {}

/** Looks at the source's tables and columns: which variant, what we read, what we do not know. */
export function surveySource(columns: Map<string, Set<string>>): SourceSurvey {
  const lacking = CORE.filter((t) => !columns.has(t));
  if (lacking.length) {
    throw new NotWhaticketError(`This does not look like a Whaticket-family database: no ${lacking.join(', ')} table.`);
  }
  const tables = new Map<SourceTable, string[]>();
  const missingTables: SourceTable[] = [];
  const unknownColumns: string[] = [];
  for (const [name, spec] of Object.entries(TABLES) as [SourceTable, TableSpec][]) {
    const has = columns.get(name);
    if (!has) {
      missingTables.push(name);
      continue;
    }
    const absent = spec.required.filter((c) => !has.has(c));
    if (absent.length) {
      throw new NotWhaticketError(`${name} lacks ${absent.join(', ')}: not a Whaticket-family schema this import knows.`);
    }
    tables.set(
      name,
      spec.read.filter((c) => has.has(c)),
    );
    for (const c of has) if (!spec.read.includes(c) && !(c in spec.left)) unknownColumns.push(`${name}.${c}`);
  }
  const otherTables = [...columns.keys()].filter((t) => !(t in TABLES) && t !== 'SequelizeMeta').sort();
  const pressTicket =
    columns.has('Tags') || columns.get('Queues')?.has('startWork') === true || columns.get('Users')?.has('startWork') === true;
  return {
    variant: pressTicket ? 'press-ticket' : 'whaticket-community',
    tables,
    missingTables,
    unknownColumns: unknownColumns.sort(),
    otherTables,
  };
}
