/** The composer's quick-answer picker: the lookup for the text after '/' and its keyboard choice. */
import type { QuickAnswerDTO } from '@switchboard/shared';
import { useQuickAnswerLookup } from '../../../api/quickAnswerLookup';
import { useKeyboardPicker } from './useKeyboardPicker';

export function useQuickAnswerPicker(search: string | null, onChoose: (answer: QuickAnswerDTO) => void) {
  const lookup = useQuickAnswerLookup(search);
  // A failed lookup simply shows nothing (spec §8).
  const answers = lookup.isError ? [] : (lookup.data ?? []);
  const { open, activeIndex, onKeyDown } = useKeyboardPicker(search, answers, onChoose);
  return { open, answers, activeIndex, onKeyDown };
}
