import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDraft } from './useDraft';

afterEach(cleanup);

describe('useDraft', () => {
  it('keeps one key per draft: typing makes a new one, a cleared and restored draft keeps its own, a sent one ends it', () => {
    const { result } = renderHook(() => useDraft());
    act(() => result.current.edit('hello'));
    expect(result.current.text).toBe('Hello');
    const typed = result.current.key();
    expect(typed).toMatch(/\S{8,}/);

    // Sending clears the box at once; the send fails and the draft comes back with the same key,
    // so sending it again is the same action for the server.
    act(() => result.current.clear());
    expect(result.current.text).toBe('');
    expect(result.current.key()).toBe(typed);
    act(() => result.current.restore('Hello'));
    expect(result.current.text).toBe('Hello');
    expect(result.current.key()).toBe(typed);

    act(() => result.current.edit('Hello!'));
    const edited = result.current.key();
    expect(edited).not.toBe(typed);

    act(() => result.current.sent());
    expect(result.current.key()).not.toBe(edited);
  });
});
