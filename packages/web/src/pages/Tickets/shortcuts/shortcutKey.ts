/**
 * Which desk shortcut a key press asks for, or null when it asks for none. A shortcut is one
 * unmodified key; it never fires while the user types in a text box (Esc excepted: it leaves the
 * box) nor while a dialog or menu holds the focus, whose own keys come first.
 */

/** The keys of the tickets screen, one place for the handlers and the help dialog. */
export const SHORTCUT_KEYS = {
  next: 'j',
  previous: 'k',
  accept: 'a',
  resolve: 'r',
  composer: 'c',
  quickAnswers: '/',
  help: '?',
  leave: 'Escape',
} as const;

export type ShortcutAction = keyof typeof SHORTCUT_KEYS;

interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat: boolean;
  defaultPrevented: boolean;
  isComposing?: boolean;
  target: EventTarget | null;
}

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  // Buttons, checkboxes and the like take no text: shortcuts stay on while they hold the focus.
  return (
    target instanceof HTMLInputElement &&
    !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type)
  );
}

/** Dialogs, drawers, menus and pop-up lists (all MUI modals) handle their own keys. */
const OWNS_KEYS = '.MuiModal-root, [role="dialog"], [role="menu"], [role="listbox"]';

/** The key a press stands for (letters in lower case), or null when shortcuts must stay quiet. */
export function shortcutKey(e: KeyPress): string | null {
  if (e.defaultPrevented || e.repeat || e.isComposing || e.ctrlKey || e.metaKey || e.altKey) return null;
  if (e.target instanceof Element && e.target.closest(OWNS_KEYS)) return null;
  if (isTypingTarget(e.target) && e.key !== SHORTCUT_KEYS.leave) return null;
  return e.key.length === 1 ? e.key.toLowerCase() : e.key;
}
