import { isNotFound } from './ApiError';

/**
 * Lists served by features that may not have landed on the server yet answer 404: treat that as
 * "nothing yet" rather than an error, so the screens that only reference them keep working.
 */
export async function emptyWhenMissing<T>(load: () => Promise<T[]>): Promise<T[]> {
  try {
    return await load();
  } catch (err) {
    if (isNotFound(err)) return [];
    throw err;
  }
}
