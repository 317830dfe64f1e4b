/**
 * The composer's quick-answer picker: the lookup for the text after '/' and its keyboard choice.
 * Picking an answer replaces the draft and puts the caret back at its end in the input, so the next
 * Enter sends the picked answer.
 */
import type { QuickAnswerDTO } from '@switchboard/shared';
import type { RefObject } from 'react';
import { useQuickAnswerLookup } from '../../../api/quickAnswerLookup';
import { quickAnswerSearch } from './composerRules';
import { quickAnswerOptionId, QUICK_ANSWERS_LIST_ID } from './QuickAnswersList';
import type { Draft } from './useDraft';
import { useKeyboardPicker } from './useKeyboardPicker';

/** `enabled` is false for a note or a ticket that takes no reply. */
export function useQuickAnswerPicker(draft: Draft, enabled: boolean, input: RefObject<HTMLTextAreaElement | null>) {
  const search = enabled ? quickAnswerSearch(draft.text) : null;
  const lookup = useQuickAnswerLookup(search);
  // A failed lookup simply shows nothing (spec §8).
  const answers = lookup.isError ? [] : (lookup.data ?? []);

  const choose = (answer: QuickAnswerDTO) => {
    draft.edit(answer.message);
    const box = input.current;
    if (box) {
      box.focus();
      requestAnimationFrame(() => box.setSelectionRange(box.value.length, box.value.length));
    }
  };

  const { open, activeIndex, onKeyDown } = useKeyboardPicker(search, answers, choose);
  return {
    open,
    answers,
    activeIndex,
    onKeyDown,
    choose,
    listId: QUICK_ANSWERS_LIST_ID,
    activeOptionId: open ? quickAnswerOptionId(answers[activeIndex]) : undefined,
  };
}
