/**
 * The two POST examples of the /api page, built for this server's own address so they run as
 * shown. The JSON body lists every field (optional ones empty), so it doubles as documentation.
 */
export const EXAMPLE_NUMBER = '5511999999999';
export const TOKEN_PLACEHOLDER = '<TOKEN>';

export function sendUrl(origin: string): string {
  return `${origin}/api/send`;
}

export function jsonExample(origin: string, token: string): string {
  const body = JSON.stringify(
    { number: EXAMPLE_NUMBER, body: 'Hello from the API', whatsappId: null, queueId: null, tagsId: [], userId: null },
    null,
    2,
  );
  return [
    `curl -X POST '${sendUrl(origin)}' \\`,
    `  -H 'Authorization: Bearer ${token}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${body}'`,
  ].join('\n');
}

export function multipartExample(origin: string, token: string): string {
  return [
    `curl -X POST '${sendUrl(origin)}' \\`,
    `  -H 'Authorization: Bearer ${token}' \\`,
    `  -F 'number=${EXAMPLE_NUMBER}' \\`,
    `  -F 'body=Your invoice' \\`,
    `  -F 'medias=@/path/to/invoice.pdf'`,
  ].join('\n');
}
