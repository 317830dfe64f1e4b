/**
 * The colleagues for the `@…` being typed in a private note, and the list's keyboard choice.
 * Choosing one completes the name in the draft (with a space after it) and keeps the focus in the
 * input, which then continues after the completed name.
 */
import type { RefObject } from 'react';
import { mentionQuery, useMentionCandidates } from '../../../api/notes';
import { MENTION_LIST_ID, mentionOptionId, type MentionCandidate } from './MentionList';
import type { Draft } from './useDraft';
import { useKeyboardPicker } from './useKeyboardPicker';

export function useMentionPicker(draft: Draft, noteMode: boolean, input: RefObject<HTMLTextAreaElement | null>) {
  const search = noteMode ? mentionQuery(draft.text) : null;
  const candidates: MentionCandidate[] = useMentionCandidates(search).data ?? [];

  const choose = (name: string) => {
    draft.edit(`${draft.text.slice(0, draft.text.length - (search ?? '').length)}${name} `);
    input.current?.focus();
  };

  const { open, activeIndex, onKeyDown } = useKeyboardPicker(search, candidates, (user) => choose(user.name));
  return {
    open,
    candidates,
    activeIndex,
    onKeyDown,
    choose,
    listId: MENTION_LIST_ID,
    activeOptionId: open ? mentionOptionId(candidates[activeIndex].id) : undefined,
  };
}
