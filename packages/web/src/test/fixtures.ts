import {
  MESSAGE_EXAMPLE,
  WEEKDAYS,
  type ConnectionDTO,
  type ContactDTO,
  type MessageDTO,
  type QueueDTO,
  type QuickAnswerDTO,
  type TicketDTO,
  type UserDTO,
  type WorkHoursDTO,
} from '@switchboard/shared';

export function userFixture(overrides: Partial<UserDTO> = {}): UserDTO {
  return {
    id: 1,
    name: 'Admin',
    email: 'admin@example.com',
    profile: 'admin',
    whatsappId: null,
    whatsapp: null,
    queues: [],
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
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/*
 * Whole answers of the API, as the server's presenters make them: the client checks every answer
 * against its route's schema in tests, so a mocked answer must be complete (override what matters).
 */
const AT = '2024-01-01T00:00:00.000Z';

export function connectionFixture(overrides: Partial<ConnectionDTO> = {}): ConnectionDTO {
  const hours: Record<string, boolean | string> = {};
  for (const d of WEEKDAYS) {
    const L = d.charAt(0).toUpperCase() + d.slice(1);
    hours[d] = d !== 'saturday' && d !== 'sunday';
    hours[`StartDefineWorkHours${L}`] = '08:00';
    hours[`EndDefineWorkHours${L}`] = '18:00';
    hours[`StartDefineWorkHours${L}Lunch`] = '12:00';
    hours[`EndDefineWorkHours${L}Lunch`] = '13:00';
  }
  return {
    id: 1,
    name: 'Main',
    channel: 'whatsapp',
    status: 'CONNECTED',
    statusReason: '',
    awaitingPairing: false,
    qrcode: '',
    retries: 0,
    number: '',
    isDefault: false,
    isDisplay: false,
    isGroup: false,
    greetingMessage: '',
    farewellMessage: '',
    ratingMessage: '',
    transferTicketMessage: '',
    inactiveMessage: '',
    sendInactiveMessage: false,
    timeInactiveMessage: 0,
    outOfWorkMessage: '',
    defineWorkHours: false,
    ...(hours as WorkHoursDTO),
    holidays: [],
    defaultQueueId: null,
    queues: [],
    queueIds: [],
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function contactFixture(overrides: Partial<ContactDTO> = {}): ContactDTO {
  return {
    id: 1,
    name: 'Maria',
    number: '5511999990000',
    email: '',
    profilePicUrl: '',
    isGroup: false,
    extraInfo: [],
    tags: [],
    tickets: [],
    optedOutAt: null,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function queueFixture(overrides: Partial<QueueDTO> = {}): QueueDTO {
  return {
    id: 1,
    name: 'Sales',
    color: '#2e7d32',
    greetingMessage: '',
    absenceMessage: '',
    startWork: '08:00',
    endWork: '18:00',
    autoAssign: false,
    maxOpenPerAttendant: null,
    orderQueue: null,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function quickAnswerFixture(overrides: Partial<QuickAnswerDTO> = {}): QuickAnswerDTO {
  return { id: 1, shortcut: 'hello', message: 'Hello! How can I help?', createdAt: AT, updatedAt: AT, ...overrides };
}

export function ticketFixture(overrides: Partial<TicketDTO> = {}): TicketDTO {
  return {
    id: 1,
    status: 'open',
    userId: 1,
    queueId: null,
    contactId: 1,
    whatsappId: 1,
    lastMessage: '',
    lastMessageAt: null,
    lastMessageFromMe: false,
    unreadMessages: 0,
    isGroup: false,
    chatbot: false,
    isTransfer: false,
    protocol: '20240101000001',
    createdAt: AT,
    updatedAt: AT,
    contact: { id: 1, name: 'Maria', number: '5511999990000', profilePicUrl: '', isGroup: false, tags: [] },
    queue: null,
    whatsapp: { id: 1, name: 'Main' },
    user: { id: 1, name: 'Admin' },
    ...overrides,
  };
}

/** The documented message (a sent text, no media, not a note), pending in ticket 1. */
export function messageFixture(overrides: Partial<MessageDTO> = {}): MessageDTO {
  return {
    ...MESSAGE_EXAMPLE,
    id: 'm1',
    ticketId: 1,
    body: '',
    ack: 0,
    sendState: 'pending',
    createdAt: AT,
    updatedAt: AT,
    userId: 1,
    ...overrides,
  };
}
