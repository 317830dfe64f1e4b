/**
 * The text being written and its idempotency key (spec §2 Message input). One key per draft: a
 * changed draft is a new action with a new key, while the same draft sent twice (a double press, or
 * a retry after a failure restored it) keeps its key, so the server sends it once.
 */
import { useRef, useState } from 'react';
import { capitaliseFirst } from './composerRules';

const newDraftKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export interface Draft {
  text: string;
  /** What the user typed, shown (and sent) with its first letter capitalised; a new key. */
  edit: (value: string) => void;
  /** Empties the box at once for the next message; the key stays with the draft being sent. */
  clear: () => void;
  /** Puts back a draft whose send failed, with the key it was sent with. */
  restore: (text: string) => void;
  /** The key to send the current draft with. */
  key: () => string;
  /** The draft was accepted: whatever is written next is a new action. */
  sent: () => void;
}

export function useDraft(): Draft {
  const [text, setText] = useState('');
  const key = useRef(newDraftKey());
  return {
    text,
    edit: (value) => {
      key.current = newDraftKey();
      setText(capitaliseFirst(value));
    },
    clear: () => setText(''),
    restore: setText,
    key: () => key.current,
    sent: () => {
      key.current = newDraftKey();
    },
  };
}
