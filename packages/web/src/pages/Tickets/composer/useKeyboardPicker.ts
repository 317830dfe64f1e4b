/**
 * Keyboard choice in a list that opens above the composer's input (quick answers after '/',
 * colleagues after '@'): which entry is highlighted, and whether Esc closed the list for this
 * search. Its key handler answers whether it used the key, so the composer sends with Enter only
 * when no list is open.
 */
import { useState, type KeyboardEvent } from 'react';

export function useKeyboardPicker<T>(search: string | null, entries: T[], onChoose: (entry: T) => void) {
  const [active, setActive] = useState({ search, index: 0 });
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const open = search != null && search !== closedFor && entries.length > 0;
  // A new search starts at the first entry.
  const activeIndex = active.search === search ? Math.min(active.index, Math.max(entries.length - 1, 0)) : 0;

  const move = (step: number) => setActive({ search, index: (activeIndex + step + entries.length) % entries.length });

  /** Handles arrows, Enter and Esc while the list is open; true when the key was used. */
  const onKeyDown = (e: KeyboardEvent): boolean => {
    if (!open) return false;
    switch (e.key) {
      case 'ArrowDown':
        move(1);
        break;
      case 'ArrowUp':
        move(-1);
        break;
      case 'Enter':
        if (e.shiftKey) return false;
        onChoose(entries[activeIndex]);
        break;
      case 'Escape':
        setClosedFor(search);
        break;
      default:
        return false;
    }
    e.preventDefault();
    e.stopPropagation();
    return true;
  };

  return { open, activeIndex, onKeyDown };
}
