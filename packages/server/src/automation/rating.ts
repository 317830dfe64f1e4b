/**
 * Rating after resolve (BEHAVIOUR "Resolve, rating, farewell"), as pure decisions.
 *
 * Decisions where the documents are silent:
 * - A group ticket, or a connection without rating message, gets the farewell on resolve.
 * - The window is open while now < deadline: an answer at the deadline itself is late.
 * - Any reply that is not a rating ends the wait: the customer has moved on to a new conversation,
 *   where a number is more likely an answer to the sector menu than a late rating.
 */
export type ResolveReply = { kind: 'rating'; text: string } | { kind: 'farewell'; text: string } | { kind: 'none' };

export function replyOnResolve(connection: { ratingMessage: string; farewellMessage: string }, ticket: { isGroup: boolean }): ResolveReply {
  if (connection.ratingMessage.trim() && !ticket.isGroup) return { kind: 'rating', text: connection.ratingMessage };
  if (connection.farewellMessage.trim()) return { kind: 'farewell', text: connection.farewellMessage };
  return { kind: 'none' };
}

/** A whole number 0–10 (surrounding spaces ignored), else null. */
export function parseRating(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,2}$/.test(t)) return null;
  const n = Number(t);
  return n <= 10 ? n : null;
}

export function ratingDeadline(now: Date, windowMinutes: number): Date {
  const minutes = Number.isFinite(windowMinutes) && windowMinutes > 0 ? windowMinutes : 10;
  return new Date(now.getTime() + minutes * 60_000);
}

export type RatingAnswer = { kind: 'rated'; rate: number } | { kind: 'late' } | { kind: 'not-a-rating' };

/** What a customer's reply to a waiting rating request is. */
export function classifyRatingReply(text: string, deadline: Date, now: Date): RatingAnswer {
  if (now.getTime() >= deadline.getTime()) return { kind: 'late' };
  const rate = parseRating(text);
  return rate == null ? { kind: 'not-a-rating' } : { kind: 'rated', rate };
}
