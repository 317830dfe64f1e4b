import { describe, expect, it } from 'vitest';
import { findMentions } from './schemas/message.js';

const users = [
  { id: 1, name: 'Ana' },
  { id: 2, name: 'Ana Paula' },
  { id: 3, name: 'Bruno' },
  { id: 4, name: 'João' },
];

describe('findMentions', () => {
  it('finds @Name case-insensitively, the longest name first', () => {
    expect(findMentions('@ana paula please look', users).map((u) => u.id)).toEqual([2]);
    expect(
      findMentions('@Ana and @BRUNO, see this', users)
        .map((u) => u.id)
        .sort(),
    ).toEqual([1, 3]);
    expect(findMentions('thanks @joão!', users).map((u) => u.id)).toEqual([4]);
  });

  it('ignores names inside longer words and e-mail addresses', () => {
    expect(findMentions('@Brunox is not here', users)).toEqual([]);
    expect(findMentions('write to bruno@example.com', users)).toEqual([]);
  });
});
