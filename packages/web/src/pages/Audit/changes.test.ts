import { describe, expect, it } from 'vitest';
import { changeLines } from './changes';

describe('changeLines', () => {
  it('lists only the fields that changed', () => {
    expect(changeLines({ id: 2, name: 'Ana', profile: 'user' }, { id: 2, name: 'Ana', profile: 'admin' })).toEqual([
      { field: 'profile', from: 'user', to: 'admin' },
    ]);
  });

  it('shows what a creation set and what a deletion removed', () => {
    expect(changeLines(null, { id: 1, url: 'http://x' })).toEqual([{ field: 'url', from: null, to: 'http://x' }]);
    expect(changeLines({ id: 1, secret: '[hidden]' }, null)).toEqual([{ field: 'secret', from: '[hidden]', to: null }]);
  });

  it('stops at the limit', () => {
    expect(changeLines(null, { a: 1, b: 2, c: 3 }, 2)).toHaveLength(2);
  });
});

describe('changeLines of an update that set a secret', () => {
  it('names the secret among the changes', () => {
    expect(changeLines({ name: 'Ana' }, { name: 'Ana', confidentialFieldsSet: ['password'] })).toEqual([
      { field: 'confidentialFieldsSet', from: null, to: '["password"]' },
    ]);
  });
});
