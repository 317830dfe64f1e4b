/**
 * Examples of the main answers for the OpenAPI document (/api/docs): what a reader of the document
 * sees first. Plain values, so the schemas can point at them without importing each other; the
 * shared tests parse each example with the schema it illustrates (examples.test.ts).
 */

const at = '2026-03-01T12:30:00.000Z';

export const CONTACT_EXAMPLE = {
  id: 12,
  name: 'Ana Souza',
  number: '5511988887777',
  email: 'ana@example.com',
  profilePicUrl: '',
  isGroup: false,
  extraInfo: [{ id: 1, name: 'Customer since', value: '2021' }],
  tags: [{ id: 2, name: 'VIP', color: '#d81b60' }],
  tickets: [{ userId: 5, queueId: 3, active: true }],
  optedOutAt: null,
  createdAt: at,
  updatedAt: at,
};

export const TICKET_EXAMPLE = {
  id: 42,
  status: 'open' as const,
  userId: 5,
  queueId: 3,
  contactId: 12,
  whatsappId: 1,
  lastMessage: 'Hello, I need help with my order',
  lastMessageAt: at,
  lastMessageFromMe: false,
  unreadMessages: 0,
  isGroup: false,
  chatbot: false,
  isTransfer: false,
  protocol: '20260301-000042',
  createdAt: at,
  updatedAt: at,
  contact: {
    id: 12,
    name: 'Ana Souza',
    number: '5511988887777',
    profilePicUrl: '',
    isGroup: false,
    tags: [{ id: 2, name: 'VIP', color: '#d81b60' }],
  },
  queue: { id: 3, name: 'Sales', color: '#00aa00' },
  whatsapp: { id: 1, name: 'Main number' },
  user: { id: 5, name: 'Bruno' },
  allowedActions: [
    'read' as const,
    'note' as const,
    'reply' as const,
    'return' as const,
    'transfer' as const,
    'resolve' as const,
    'finish' as const,
  ],
};

export const TICKETS_PAGE_EXAMPLE = { tickets: [TICKET_EXAMPLE], count: 1, hasMore: false, countCapped: false, nextCursor: null };

export const MESSAGE_EXAMPLE = {
  id: '3EB0C767D26A1D8E5B2F',
  ticketId: 42,
  body: 'Your order left the warehouse this morning.',
  fromMe: true,
  read: true,
  mediaType: 'chat' as const,
  mediaUrl: null,
  mediaName: null,
  mediaMime: null,
  quotedMsg: null,
  isDeleted: false,
  isEdited: false,
  ack: 1,
  sendState: 'sent' as const,
  isPrivate: false,
  createdAt: at,
  updatedAt: at,
  contact: null,
  userId: 5,
};

export const API_SEND_RESPONSE_EXAMPLE = {
  ticketId: 42,
  contactId: 12,
  ticketStatus: 'open',
  number: '5511988887777',
  messages: [{ id: '3EB0C767D26A1D8E5B2F', body: 'Your order left the warehouse this morning.', mediaType: 'chat' }],
};
