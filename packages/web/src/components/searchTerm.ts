import { SEARCH_MIN_CHARS } from '@switchboard/shared';

/**
 * The term actually sent to a list endpoint (spec §5): search starts at SEARCH_MIN_CHARS characters;
 * anything shorter lists everything.
 */
export function effectiveSearchTerm(typed: string): string {
  const term = typed.trim().toLowerCase();
  return term.length >= SEARCH_MIN_CHARS ? term : '';
}
