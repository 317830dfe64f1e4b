import { describe, expect, it } from 'vitest';
import { orderedId } from './ordered-id.js';

describe('ordered message ids', () => {
  it('sort in the order they were made, within one millisecond and across them, as UUIDs', () => {
    const ids = [
      ...Array.from({ length: 5000 }, () => orderedId(1_800_000_000_000)),
      orderedId(1_800_000_000_001),
      orderedId(1_800_000_000_500),
    ];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 3)) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('keep their order when the clock steps back', () => {
    const later = orderedId(1_900_000_000_000);
    const earlier = orderedId(1_899_999_999_000);
    expect([earlier, later].sort()).toEqual([later, earlier]);
  });
});
