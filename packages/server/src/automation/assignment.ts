/**
 * Which online attendant gets each waiting ticket of an auto-assign sector, as a pure decision
 * (the I/O and the locks are in auto-assign.ts). Round-robin: the member the sector served least
 * recently goes first (never served before: first of all, lowest id breaking ties), and whoever
 * just got a ticket goes to the back. A member holding the sector's limit of open tickets (in any
 * sector: the limit is about one person's load) is passed over until a ticket of theirs closes.
 */
export interface AssignCandidate {
  userId: number;
  /** Tickets the attendant holds open now, in every sector. */
  openTickets: number;
  /** When this sector last gave them a ticket; null = never. */
  lastAssignedAt: Date | null;
}

export interface Assignment {
  ticketId: number;
  userId: number;
}

/** Pairs waiting tickets (oldest first) with candidates; tickets left over keep waiting. */
export function planAssignments(ticketIds: number[], candidates: AssignCandidate[], limit: number | null): Assignment[] {
  const turn = [...candidates].sort(
    (a, b) => (a.lastAssignedAt?.getTime() ?? -Infinity) - (b.lastAssignedAt?.getTime() ?? -Infinity) || a.userId - b.userId,
  );
  const open = new Map(turn.map((c) => [c.userId, c.openTickets]));
  const hasRoom = (c: AssignCandidate) => limit == null || (open.get(c.userId) ?? 0) < limit;
  const plan: Assignment[] = [];
  for (const ticketId of ticketIds) {
    const index = turn.findIndex(hasRoom);
    if (index < 0) break;
    const [chosen] = turn.splice(index, 1);
    plan.push({ ticketId, userId: chosen.userId });
    open.set(chosen.userId, (open.get(chosen.userId) ?? 0) + 1);
    turn.push(chosen);
  }
  return plan;
}
