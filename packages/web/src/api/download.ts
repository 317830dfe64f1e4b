/**
 * Saving a CSV the server produced (admin exports). It is fetched through the API client, so the
 * token refresh applies, then handed to the browser as a file. Exports are files, not JSON calls:
 * the shared route table does not hold them, so their paths are written beside each feature's calls.
 */
import { CSV_BOM } from '@switchboard/shared';
import { apiText } from './client';

/** Reading the body as text drops the BOM spreadsheet programs need to see UTF-8; put it back. */
export function withBom(text: string): string {
  return text.startsWith(CSV_BOM) ? text : CSV_BOM + text;
}

export function saveTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start the download asynchronously after click().
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function downloadCsv(path: string, fileName: string): Promise<void> {
  saveTextFile(fileName, withBom(await apiText(path)));
}
