import { afterEach, describe, expect, it } from 'vitest';
import { shortcutKey } from './shortcutKey';

const press = (key: string, target: EventTarget | null, extra: Partial<KeyboardEventInit> = {}) => {
  const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...extra });
  Object.defineProperty(e, 'target', { value: target });
  return e;
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('shortcutKey', () => {
  it('reads a plain key on the page, letters in lower case', () => {
    expect(shortcutKey(press('j', document.body))).toBe('j');
    expect(shortcutKey(press('A', document.body, { shiftKey: true }))).toBe('a');
    expect(shortcutKey(press('?', document.body, { shiftKey: true }))).toBe('?');
  });

  it('stays quiet while typing in a text box or a text area, except for Esc', () => {
    const input = document.body.appendChild(document.createElement('input'));
    const area = document.body.appendChild(document.createElement('textarea'));
    expect(shortcutKey(press('r', input))).toBeNull();
    expect(shortcutKey(press('?', area))).toBeNull();
    expect(shortcutKey(press('Escape', area))).toBe('Escape');
  });

  it('works while a button or a checkbox holds the focus', () => {
    const box = document.body.appendChild(document.createElement('input'));
    box.type = 'checkbox';
    expect(shortcutKey(press('a', box))).toBe('a');
    expect(shortcutKey(press('a', document.body.appendChild(document.createElement('button'))))).toBe('a');
  });

  it('leaves the keys to an open dialog or menu', () => {
    const dialog = document.body.appendChild(document.createElement('div'));
    dialog.setAttribute('role', 'dialog');
    const button = dialog.appendChild(document.createElement('button'));
    expect(shortcutKey(press('a', button))).toBeNull();
    expect(shortcutKey(press('Escape', button))).toBeNull();
  });

  it('ignores modified, repeated and already handled keys', () => {
    expect(shortcutKey(press('r', document.body, { ctrlKey: true }))).toBeNull();
    expect(shortcutKey(press('r', document.body, { metaKey: true }))).toBeNull();
    expect(shortcutKey(press('r', document.body, { altKey: true }))).toBeNull();
    expect(shortcutKey(press('j', document.body, { repeat: true }))).toBeNull();
    const handled = press('Escape', document.body);
    handled.preventDefault();
    expect(shortcutKey(handled)).toBeNull();
  });
});
