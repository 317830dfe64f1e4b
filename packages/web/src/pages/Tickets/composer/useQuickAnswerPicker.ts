/**
 * The composer's quick-answer picker: the lookup for the text after '/', which entry is highlighted,
 * and whether Esc closed the list. Its key handler answers whether it used the key, so the composer
 * sends with Enter only when no list is open.
 */
import type { QuickAnswerDTO } from '@switchboard/shared';
import { useState, type KeyboardEvent } from 'react';
import { useQuickAnswerLookup } from '../../../api/quickAnswerLookup';

export function useQuickAnswerPicker(search: string | null, onChoose: (answer: QuickAnswerDTO) => void) {
  const lookup = useQuickAnswerLookup(search);
  const [active, setActive] = useState({ search, index: 0 });
  const [closedFor, setClosedFor] = useState<string | null>(null);
  // A failed lookup simply shows nothing (spec §8).
  const answers = lookup.isError ? [] : (lookup.data ?? []);
  const open = search != null && search !== closedFor && answers.length > 0;
  // A new search starts at the first entry.
  const activeIndex = active.search === search ? Math.min(active.index, Math.max(answers.length - 1, 0)) : 0;

  const move = (step: number) =>
    setActive({ search, index: (activeIndex + step + answers.length) % answers.length });

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
        onChoose(answers[activeIndex]);
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

  return { open, answers, activeIndex, onKeyDown };
}
