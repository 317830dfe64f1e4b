/**
 * A delivery's last error as the deliveries page shows it. Errors the server states with a code
 * first (`ERR_…: detail`) read in the user's language, followed by the detail's first word (the
 * refused address); anything else (`HTTP 500`, `Timeout`, a network error) is shown as it is.
 */
export function deliveryErrorText(lastError: string | null, translate: (code: string) => string | null): string {
  if (!lastError) return '';
  const coded = /^(ERR_[A-Z_]+): (\S+)/.exec(lastError);
  const text = coded ? translate(coded[1]) : null;
  return coded && text ? `${text} (${coded[2]})` : lastError;
}
