/**
 * Media behind the API needs the bearer token, so it cannot be an <img src>: it is fetched as a blob
 * (spec §7) and shown through an object URL. An expired access token is refreshed once through the
 * client's shared refresh, like any other call.
 */
import { ApiError } from './ApiError';
import { refreshSession } from './client';
import { tokenStore } from './tokenStore';

async function fetchWithToken(url: string, signal?: AbortSignal): Promise<Response> {
  const token = tokenStore.get();
  return fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
    signal,
  });
}

async function errorOf(response: Response): Promise<ApiError> {
  const body = await response.json().catch(() => null);
  return new ApiError(response.status, body && typeof body === 'object' ? body : null);
}

/** `url` is what the API returned (already starting with /api). */
export async function fetchMediaBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  let response = await fetchWithToken(url, signal);
  if (response.status === 403) {
    const error = await errorOf(response);
    if (error.code !== 'ERR_INVALID_TOKEN') throw error;
    await refreshSession();
    response = await fetchWithToken(url, signal);
  }
  if (!response.ok) throw await errorOf(response);
  return response.blob();
}
