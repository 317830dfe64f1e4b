import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, installFetchMock } from '../test/fetchMock';
import { userFixture } from '../test/fixtures';
import { setSessionHooks } from './client';
import { clearMediaCache, fetchMediaBlob } from './mediaBlob';

const MEDIA = '/api/messages/abc/media';

describe('message media blobs', () => {
  const onSessionEnded = vi.fn();

  beforeEach(() => {
    localStorage.setItem('token', 'old-token');
    onSessionEnded.mockReset();
    setSessionHooks({ onSessionEnded });
    clearMediaCache();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('downloads a message media once, however often its ticket is opened', async () => {
    const { callsTo } = installFetchMock({ [`GET ${MEDIA}`]: () => json(200, 'voice-bytes') });
    const first = await fetchMediaBlob(MEDIA);
    const again = await fetchMediaBlob(MEDIA);
    expect(await again.text()).toBe(await first.text());
    expect(callsTo(`GET ${MEDIA}`)).toHaveLength(1);
  });

  it('shares one download between bubbles asking at the same time', async () => {
    const { callsTo } = installFetchMock({ [`GET ${MEDIA}`]: () => json(200, 'bytes') });
    await Promise.all([fetchMediaBlob(MEDIA), fetchMediaBlob(MEDIA)]);
    expect(callsTo(`GET ${MEDIA}`)).toHaveLength(1);
  });

  it('downloads again after the session ended', async () => {
    const { callsTo } = installFetchMock({ [`GET ${MEDIA}`]: () => json(200, 'bytes') });
    await fetchMediaBlob(MEDIA);
    clearMediaCache();
    await fetchMediaBlob(MEDIA);
    expect(callsTo(`GET ${MEDIA}`)).toHaveLength(2);
  });

  it('ends the session on 401, like every other call', async () => {
    installFetchMock({ [`GET ${MEDIA}`]: () => json(401, { error: 'ERR_SESSION_EXPIRED' }) });
    await expect(fetchMediaBlob(MEDIA)).rejects.toMatchObject({ status: 401 });
    expect(onSessionEnded).toHaveBeenCalledOnce();
  });

  it('ends the session when the refresh after an expired token fails', async () => {
    installFetchMock({
      [`GET ${MEDIA}`]: () => json(403, { error: 'ERR_INVALID_TOKEN' }),
      'POST /api/auth/refresh_token': () => json(401, { error: 'ERR_SESSION_EXPIRED' }),
    });
    await expect(fetchMediaBlob(MEDIA)).rejects.toBeTruthy();
    expect(onSessionEnded).toHaveBeenCalledOnce();
  });

  it('refreshes an expired token once and retries with the new one', async () => {
    const { callsTo } = installFetchMock({
      [`GET ${MEDIA}`]: (call) =>
        call.authorization === 'Bearer new-token' ? json(200, 'bytes') : json(403, { error: 'ERR_INVALID_TOKEN' }),
      'POST /api/auth/refresh_token': () => json(200, { token: 'new-token', user: userFixture() }),
    });
    expect(await (await fetchMediaBlob(MEDIA)).text()).toBe('"bytes"');
    expect(callsTo('POST /api/auth/refresh_token')).toHaveLength(1);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});
