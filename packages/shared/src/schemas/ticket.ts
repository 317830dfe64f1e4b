import type { TicketStatus } from '../constants.js';
import type { QueueRef } from './user.js';

export interface TagRef {
  id: number;
  name: string;
  color: string;
}

export interface TicketContactDTO {
  id: number;
  name: string;
  number: string;
  profilePicUrl: string;
  isGroup: boolean;
  tags: TagRef[];
}

export interface TicketDTO {
  id: number;
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  contactId: number;
  whatsappId: number;
  lastMessage: string;
  lastMessageAt: string | null;
  lastMessageFromMe: boolean;
  unreadMessages: number;
  isGroup: boolean;
  chatbot: boolean;
  isTransfer: boolean;
  protocol: string;
  createdAt: string;
  updatedAt: string;
  contact: TicketContactDTO;
  queue: QueueRef | null;
  whatsapp: { id: number; name: string } | null;
  user: { id: number; name: string } | null;
}

/** Spec §7 ticket events. */
export type TicketEvent =
  | { action: 'create' | 'update'; ticket: TicketDTO }
  | { action: 'updateUnread'; ticketId: number }
  | { action: 'delete'; ticketId: number };
