import type { ImportJobDTO } from '@switchboard/shared';
import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, installFetchMock } from '../../test/fetchMock';
import { userFixture } from '../../test/fixtures';
import { cleanUpAfterEach, renderWithProviders, screen, signIn, WhenSignedIn } from '../../test/renderWithProviders';
import WhaticketImportPage from './WhaticketImportPage';

const admin = userFixture({ id: 1, profile: 'admin' });

function job(overrides: Partial<ImportJobDTO> = {}): ImportJobDTO {
  return {
    status: 'running',
    dryRun: true,
    startedAt: '2026-01-01T10:00:00.000Z',
    finishedAt: null,
    progress: [],
    variant: null,
    summary: [],
    unknownColumns: [],
    skipped: [],
    skippedTotal: 0,
    notes: [],
    error: null,
    ...overrides,
  };
}

function renderPage() {
  renderWithProviders(
    <WhenSignedIn>
      <WhaticketImportPage />
    </WhenSignedIn>,
    { route: '/import' },
  );
}

cleanUpAfterEach();

describe('WhaticketImportPage', () => {
  it('refuses an address that is not a database before calling the server', async () => {
    const user = userEvent.setup();
    const { callsTo } = installFetchMock({ ...signIn(admin), 'GET /api/imports/whaticket': () => json(404, { error: 'ERR_NOT_FOUND' }) });
    renderPage();
    await user.type(await screen.findByTestId('import-from'), 'http://example.com/db');
    await user.click(screen.getByTestId('import-start'));
    expect(await screen.findByText('Invalid value')).toBeTruthy();
    expect(callsTo('POST /api/imports/whaticket')).toHaveLength(0);
  });

  it('starts a dry run, follows its progress and shows what it would import and skip', async () => {
    const user = userEvent.setup();
    let current: ImportJobDTO | null = null;
    let reads = 0;
    const { callsTo } = installFetchMock({
      ...signIn(admin),
      'GET /api/imports/whaticket': () => {
        if (!current) return json(404, { error: 'ERR_NOT_FOUND' });
        reads += 1;
        // The second read finds it finished.
        if (reads >= 2) {
          current = job({
            status: 'done',
            variant: 'press-ticket',
            finishedAt: '2026-01-01T10:00:05.000Z',
            summary: [{ table: 'Messages', imported: 5, already: 0, skipped: 1 }],
            unknownColumns: ['Contacts.favoriteColour'],
            skipped: [{ table: 'Messages', id: '3EB0A6', reason: 'ticket not imported' }],
            skippedTotal: 1,
          });
        }
        return json(200, current);
      },
      'POST /api/imports/whaticket': () => {
        current = job({ progress: [{ table: 'Contacts', done: 2, total: 3 }] });
        return json(202, current);
      },
    });
    renderPage();
    await user.type(await screen.findByTestId('import-from'), 'mysql://root@db:3306/whaticket');
    await user.click(screen.getByTestId('import-start'));
    await waitFor(() => expect(callsTo('POST /api/imports/whaticket')).toHaveLength(1));
    expect(callsTo('POST /api/imports/whaticket')[0].body).toEqual({ from: 'mysql://root@db:3306/whaticket', media: '', dryRun: true });
    expect(await screen.findByText('Contacts — 2/3')).toBeTruthy();
    expect(await screen.findByText('Dry run finished (press-ticket): nothing was changed.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('import-summary-Messages').textContent).toBe('Messages501');
    expect(screen.getByText('Would import')).toBeTruthy();
    expect(screen.getByText('Columns this import does not know (not imported): Contacts.favoriteColour')).toBeTruthy();
    expect(screen.getByTestId('import-skipped').textContent).toContain('Messages 3EB0A6: ticket not imported');
  });

  it('shows a failed import with its reason', async () => {
    installFetchMock({ ...signIn(admin), 'GET /api/imports/whaticket': () => json(200, job({ status: 'failed', error: 'connect ECONNREFUSED' })) });
    renderPage();
    expect(await screen.findByText('The import stopped: connect ECONNREFUSED')).toBeTruthy();
  });
});
