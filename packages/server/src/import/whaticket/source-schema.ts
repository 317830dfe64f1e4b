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
const liveState = 'live state of the old install';
/**
 * A contact's postal and personal details (Press-Ticket): kept as the contact's extra
 * information, one named field each, since this side has no columns for them.
 */
export const CONTACT_DETAIL_COLUMNS = [
  'cpf',
  'birthdate',
  'gender',
  'address',
  'addressNumber',
  'addressComplement',
  'neighborhood',
  'city',
  'state',
  'zip',
  'country',
] as const;

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
      startBreak: "no break within a sector's hours here",
      endBreak: "no break within a sector's hours here",
      breakMessage: "no break within a sector's hours here",
      n8nUrl: 'no n8n integration',
      n8nEnabled: 'no n8n integration',
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
      type: 'every connection here is WhatsApp Web (baileys)',
      color: 'connections have no colour here',
      isBusiness: 'learned again when the phone is paired',
      pairingCode: sessionState,
      pairingCodeExpiresAt: sessionState,
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
      'active',
      ...timestamps,
    ],
    required: ['id', 'name', 'email', 'passwordHash'],
    left: {
      tokenVersion: 'sessions are not carried over; everyone signs in again',
      isTricked: 'no equivalent',
      online: 'presence is live state',
      currentSessionId: 'sessions are not carried over; everyone signs in again',
      lastLoginAt: liveState,
      passwordResetToken: 'a pending password reset is not carried over',
      passwordResetExpires: 'a pending password reset is not carried over',
      whatsappNumber: 'no per-attendant phone number here',
      super: 'single company',
      companyId: 'single company',
    },
  },
  UserQueues: { read: ['userId', 'queueId'], required: ['userId', 'queueId'], left: ts() },
  Contacts: {
    read: ['id', 'name', 'number', 'email', 'profilePicUrl', 'isGroup', ...CONTACT_DETAIL_COLUMNS, ...timestamps],
    required: ['id', 'name', 'number'],
    left: {
      companyId: 'single company',
      useQueues: 'no per-contact queue switch',
      useDialogflow: 'no Dialogflow',
      messengerId: 'WhatsApp only here',
      instagramId: 'WhatsApp only here',
      telegramId: 'WhatsApp only here',
      webchatId: 'WhatsApp only here',
      status: "the contact's WhatsApp status is learned again",
      lastContactAt: 'taken from the imported messages',
      nameManuallyEdited: 'names are not refreshed from WhatsApp here',
      numberLid: 'learned again from WhatsApp',
    },
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
    left: { companyId: 'single company', userId: 'quick answers are shared here', mediaPath: 'quick answers are text only here' },
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
      pinnedChat: 'a per-install view preference',
      mutedChat: 'a per-install view preference',
      favoritedChat: 'a per-install view preference',
      channel: 'WhatsApp only here',
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
      'isEdited',
      'userId',
      ...timestamps,
    ],
    required: ['id', 'body', 'ticketId'],
    left: {
      remoteJid: 'the contact carries the address',
      participant: 'the sender contact carries it',
      dataJson: 'raw WhatsApp payloads are not re-served',
      companyId: 'single company',
      queueId: 'the ticket carries the sector',
      isStarred: 'a per-install view preference',
      isPinned: 'a per-install view preference',
      albumId: 'each file of an album is its own message here',
      fileSize: 'measured again from the file',
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
