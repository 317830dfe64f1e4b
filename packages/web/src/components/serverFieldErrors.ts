import { isApiError } from '../api/ApiError';

/**
 * Validation details from the server (`{path: 'body.name', message}`) as field → message pairs, so a
 * form can show them on its fields, for the fields it has.
 */
export function serverFieldErrors(err: unknown, fields: readonly string[]): [string, string][] {
  if (!isApiError(err)) return [];
  return (err.details ?? [])
    .map((d) => [d.path.split('.').slice(1).join('.'), d.message] as [string, string])
    .filter(([field]) => fields.includes(field));
}

/**
 * The same pairs for a form that names its fields after the payload's keys: a detail lands on the
 * field named by the last segment of its path, when the form has that field.
 */
export function serverErrorsForValues(err: unknown, values: object): [string, string][] {
  if (!isApiError(err)) return [];
  return (err.details ?? [])
    .map((d) => [d.path.split('.').pop() ?? '', d.message] as [string, string])
    .filter(([field]) => field !== '' && field in values);
}
