import { SEARCH_DEBOUNCE_MS } from '@switchboard/shared';
import { useState } from 'react';
import { effectiveSearchTerm } from './searchTerm';
import { useDebouncedValue } from './useDebouncedValue';

/**
 * A list screen's search box state: what is typed, and the term to query with once typing paused
 * (spec §5: 500 ms, from 3 characters). A new term is a new query key, so the list starts again
 * from page 1 with nothing shown from the previous search.
 */
export function useSearchTerm() {
  const [typed, setTyped] = useState('');
  const search = effectiveSearchTerm(useDebouncedValue(typed, SEARCH_DEBOUNCE_MS));
  return { typed, setTyped, search };
}
