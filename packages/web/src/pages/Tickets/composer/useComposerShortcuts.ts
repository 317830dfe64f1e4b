/**
 * The composer's keyboard shortcuts: one focuses the input; the other opens the quick answers for
 * a reply, which is typing '/' in an empty box.
 */
import type { RefObject } from 'react';
import { SHORTCUT_KEYS } from '../shortcuts/shortcutKey';
import { useShortcuts } from '../shortcuts/useShortcuts';
import type { Draft } from './useDraft';

export function useComposerShortcuts({
  draft,
  input,
  noteMode,
  enabled,
}: {
  draft: Draft;
  input: RefObject<HTMLTextAreaElement | null>;
  noteMode: boolean;
  enabled: boolean;
}) {
  const focusInput = () => input.current?.focus();
  useShortcuts(
    {
      [SHORTCUT_KEYS.composer]: focusInput,
      [SHORTCUT_KEYS.quickAnswers]: noteMode
        ? undefined
        : () => {
            if (!draft.text) draft.edit('/');
            focusInput();
          },
    },
    enabled,
  );
}
