/**
 * Tickets this tab just acted on (accept, return, transfer…). When such an action takes a ticket
 * out of the user's sight the server sends a `delete` event; the "ticket deleted" toast must not
 * fire for the user's own transfer. Entries expire quickly.
 */
const KEEP_MS = 10_000;
const moved = new Map<number, number>();

export const recentlyMoved = {
  add(ticketId: number): void {
    moved.set(ticketId, Date.now());
  },
  has(ticketId: number): boolean {
    const at = moved.get(ticketId);
    if (at == null) return false;
    if (Date.now() - at > KEEP_MS) {
      moved.delete(ticketId);
      return false;
    }
    return true;
  },
};
