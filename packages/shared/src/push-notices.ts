/**
 * What the notifications bell announces, decided once for the web app (sound and desktop
 * notification while a tab is open) and the server (Web Push to the user's devices):
 *   - a customer's new message on a ticket of the viewer's default view (their own tickets and the
 *     unassigned ones they may take — someone else's ticket is theirs to answer);
 *   - a new waiting ticket in that same view;
 *   - a private note naming the viewer;
 *   - a ticket given to the viewer by someone else (transfer, or the sector's auto-assignment).
 * Who may receive the event at all is the realtime audience's decision (the server checks it
 * first); these functions narrow it to what deserves a notification.
 */
import type { AppMessageEvent, MentionEvent, TicketEvent } from './events.js';
import type { TicketViewer } from './permissions.js';
import type { TicketEventDTO } from './responses/ticket-event.js';
import { ticketInScope, ticketScope, type TicketVisibilityFacts, type VisibilitySettings } from './visibility.js';
import type { PushKind } from './schemas/push.js';
import type { MessageLanguage } from './i18n/api-messages.js';

/** The tickets the bell watches: the tickets list's default view. */
function inDefaultView(viewer: TicketViewer, settings: VisibilitySettings, ticket: TicketVisibilityFacts): boolean {
  return ticketInScope(ticketScope(viewer, settings, { showAll: false }), ticket);
}

/** A customer's new message the viewer is told about (not a re-announcement, not our own side). */
export function messageNotifies(event: AppMessageEvent, viewer: TicketViewer, settings: VisibilitySettings): boolean {
  if (event.action !== 'create' || event.again || event.message.fromMe) return false;
  return inDefaultView(viewer, settings, event.ticket);
}

/** A new ticket waiting in the viewer's view (a customer wrote; a ticket someone opens for themself is open already). */
export function newTicketNotifies(event: TicketEvent, viewer: TicketViewer, settings: VisibilitySettings): boolean {
  if (event.action !== 'create' || event.ticket.status !== 'pending') return false;
  return inDefaultView(viewer, settings, event.ticket);
}

/** A mention of the viewer (the event goes to the mentioned user only). */
export function mentionNotifies(event: MentionEvent): boolean {
  return event.action === 'create';
}

/** A ticket someone else (or the sector's auto-assignment) gave to the viewer. */
export function transferNotifies(event: TicketEventDTO, viewer: TicketViewer): boolean {
  if (event.kind !== 'transferred' && event.kind !== 'auto-assigned') return false;
  return event.toUser?.id === viewer.id && event.actor?.id !== viewer.id;
}

/** A push's title, in the device's language. */
export const PUSH_TITLES: Record<MessageLanguage, Record<PushKind, (p: { contact: string; by: string }) => string>> = {
  pt: {
    newTicket: (p) => `Novo atendimento: ${p.contact}`,
    newMessage: (p) => `Nova mensagem de ${p.contact}`,
    mention: (p) => `${p.by} mencionou você em ${p.contact}`,
    transfer: (p) => `Atendimento transferido para você: ${p.contact}`,
  },
  en: {
    newTicket: (p) => `New ticket: ${p.contact}`,
    newMessage: (p) => `New message from ${p.contact}`,
    mention: (p) => `${p.by} mentioned you on ${p.contact}`,
    transfer: (p) => `Ticket transferred to you: ${p.contact}`,
  },
  es: {
    newTicket: (p) => `Nuevo ticket: ${p.contact}`,
    newMessage: (p) => `Nuevo mensaje de ${p.contact}`,
    mention: (p) => `${p.by} te mencionó en ${p.contact}`,
    transfer: (p) => `Ticket transferido a usted: ${p.contact}`,
  },
};
