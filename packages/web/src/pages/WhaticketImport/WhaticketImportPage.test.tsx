import type { ImportJobDTO, ImportVerificationDTO } from '@switchboard/shared';
import { cleanup, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, installFetchMock } from '../../test/fetchMock';
import { useConnections } from '../../api/connections';
import { connectionFixture, userFixture } from '../../test/fixtures';
import { cleanUpAfterEach, renderWithProviders, screen, signIn, WhenSignedIn } from '../../test/renderWithProviders';
import i18n from '../../i18n';
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
    sourceTimeZone: null,
    summary: [],
    unknownColumns: [],
    skipped: [],
    skippedTotal: 0,
    notes: [],
    changed: [],
    changedTotal: 0,
    settingChoices: [],
    error: null,
    verification: null,
    ...overrides,
  };
}

function verification(overrides: Partial<ImportVerificationDTO> = {}): ImportVerificationDTO {
  return {
    status: 'done',
    startedAt: '2026-01-01T10:00:05.000Z',
    finishedAt: '2026-01-01T10:00:06.000Z',
    tables: [
      { table: 'Messages', sourceRows: 10, imported: 9, notImported: 1, timesSame: true, textsSame: false },
      { table: 'ContactTags', sourceRows: 2, imported: 2, notImported: 0, timesSame: true, textsSame: true },
    ],
    media: { compared: 1, identical: 1 },
    differences: [],
    differencesTotal: 0,
    unexplained: 0,
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
    expect(callsTo('POST /api/imports/whaticket')[0].body).toEqual({
      from: 'mysql://root@db:3306/whaticket',
      media: '',
      dryRun: true,
      sourceTimeZone: '-03:00',
      takeSettings: [],
    });
    expect(await screen.findByText('Contacts — 2/3')).toBeTruthy();
    expect(await screen.findByText('Dry run finished (press-ticket): nothing was changed.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('import-summary-Messages').textContent).toBe('Messages501');
    expect(screen.getByText('Would import')).toBeTruthy();
    expect(screen.getByText('Columns this import does not know (not imported): Contacts.favoriteColour')).toBeTruthy();
    expect(screen.getByTestId('import-skipped').textContent).toContain('Messages 3EB0A6: ticket not imported');
  });

  it('sends the source time zone the admin chose, refuses one that is not an offset, and the dry run names it with each cut value', async () => {
    const user = userEvent.setup();
    let current: ImportJobDTO | null = null;
    const { callsTo } = installFetchMock({
      ...signIn(admin),
      'GET /api/imports/whaticket': () => (current ? json(200, current) : json(404, { error: 'ERR_NOT_FOUND' })),
      'POST /api/imports/whaticket': () => {
        current = job({
          status: 'done',
          variant: 'press-ticket',
          sourceTimeZone: '-05:00',
          changed: [
            {
              table: 'Queues',
              id: '3',
              field: 'name',
              source: 'x'.repeat(60),
              imported: 'x'.repeat(50),
              reason: 'longer than 50 characters (the limit here)',
            },
          ],
          changedTotal: 1,
        });
        return json(202, current);
      },
    });
    renderPage();
    await user.type(await screen.findByTestId('import-from'), 'mysql://root@db:3306/whaticket');
    const zone = screen.getByTestId<HTMLInputElement>('import-source-timezone');
    expect(zone.value).toBe('-03:00');
    await user.clear(zone);
    await user.type(zone, 'Brasilia');
    await user.click(screen.getByTestId('import-start'));
    expect(await screen.findByText('Invalid value')).toBeTruthy();
    expect(callsTo('POST /api/imports/whaticket')).toHaveLength(0);
    await user.clear(zone);
    await user.type(zone, '-05:00');
    await user.click(screen.getByTestId('import-start'));
    await waitFor(() => expect(callsTo('POST /api/imports/whaticket')).toHaveLength(1));
    expect(callsTo('POST /api/imports/whaticket')[0].body).toMatchObject({ sourceTimeZone: '-05:00' });
    expect((await screen.findByTestId('import-timezone')).textContent).toBe('Times read as UTC-05:00.');
    expect(screen.getByTestId('import-changed').textContent).toBe('Queues 3 name: longer than 50 characters (the limit here)');
  });

  it('takes only the ticked security settings, and lists each one the source would change, old → new', async () => {
    const user = userEvent.setup();
    let current: ImportJobDTO | null = null;
    const { callsTo } = installFetchMock({
      ...signIn(admin),
      'GET /api/imports/whaticket': () => (current ? json(200, current) : json(404, { error: 'ERR_NOT_FOUND' })),
      'POST /api/imports/whaticket': () => {
        current = job({
          status: 'done',
          variant: 'press-ticket',
          settingChoices: [
            { key: 'allTicket', current: 'disabled', incoming: 'enabled', taken: false },
            { key: 'userApiToken', current: 'abcd…', incoming: 'sour…', taken: true },
          ],
        });
        return json(202, current);
      },
    });
    renderPage();
    await user.type(await screen.findByTestId('import-from'), 'mysql://root@db:3306/whaticket');
    expect(screen.getByTestId<HTMLInputElement>('import-take-userApiToken').checked).toBe(false);
    await user.click(screen.getByTestId('import-take-userApiToken'));
    await user.click(screen.getByTestId('import-start'));
    await waitFor(() => expect(callsTo('POST /api/imports/whaticket')).toHaveLength(1));
    expect(callsTo('POST /api/imports/whaticket')[0].body).toMatchObject({ takeSettings: ['userApiToken'] });
    expect((await screen.findByTestId('import-setting-allTicket')).textContent).toBe(
      'Every attendant sees tickets without sectordisabledenabledKept (not chosen)',
    );
    expect(screen.getByTestId('import-setting-userApiToken').textContent).toBe('API tokenabcd…sour…Would be taken from the source');
  });

  it('cancels a running import and says what stays', async () => {
    const user = userEvent.setup();
    let current = job({ dryRun: false, progress: [{ table: 'Messages', done: 500, total: 3000 }] });
    const { callsTo } = installFetchMock({
      ...signIn(admin),
      'GET /api/imports/whaticket': () => json(200, current),
      'POST /api/imports/whaticket/cancel': () => {
        current = job({ dryRun: false, status: 'cancelled', finishedAt: '2026-01-01T10:00:05.000Z' });
        return json(202, current);
      },
    });
    renderPage();
    await user.click(await screen.findByTestId('import-cancel'));
    await waitFor(() => expect(callsTo('POST /api/imports/whaticket/cancel')).toHaveLength(1));
    expect(
      await screen.findByText('Import cancelled: what was imported before stays; running it again continues where it stopped.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('import-cancel')).toBeNull();
  });

  it('shows a failed import with its reason', async () => {
    installFetchMock({
      ...signIn(admin),
      'GET /api/imports/whaticket': () => json(200, job({ status: 'failed', error: 'connect ECONNREFUSED' })),
    });
    renderPage();
    expect(await screen.findByText('The import stopped: connect ECONNREFUSED')).toBeTruthy();
  });

  it('a new attempt clears the last failure; a refused attempt says why, and the next one clears that too', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { callsTo } = installFetchMock({
      ...signIn(admin),
      'GET /api/imports/whaticket': () => json(200, job({ status: 'failed', error: 'connect ECONNREFUSED' })),
      'POST /api/imports/whaticket': () =>
        refuse
          ? json(409, { error: 'ERR_IMPORT_RUNNING' })
          : json(202, job({ startedAt: '2026-01-02T09:00:00.000Z', progress: [{ table: 'Contacts', done: 0, total: 3 }] })),
    });
    renderPage();
    expect(await screen.findByText('The import stopped: connect ECONNREFUSED')).toBeTruthy();
    await user.type(screen.getByTestId('import-from'), 'mysql://root@db:3306/whaticket');
    await user.click(screen.getByTestId('import-start'));
    await waitFor(() => expect(callsTo('POST /api/imports/whaticket')).toHaveLength(1));
    expect(await screen.findByTestId('import-start-error')).toBeTruthy();
    expect(screen.queryByText('The import stopped: connect ECONNREFUSED')).toBeNull();
    refuse = false;
    await user.click(screen.getByTestId('import-start'));
    expect(await screen.findByText('Contacts — 0/3')).toBeTruthy();
    expect(screen.queryByTestId('import-start-error')).toBeNull();
    expect(screen.queryByText('The import stopped: connect ECONNREFUSED')).toBeNull();
  });

  it('after a real import shows its verification: counts per table, each difference (unexplained first), and verifies again', async () => {
    const user = userEvent.setup();
    const differences: ImportVerificationDTO['differences'] = [
      { table: 'ContactTags', id: '1/1', field: '(row)', source: 'present', imported: 'absent', explained: null, reason: null },
      {
        table: 'Queues',
        id: '3',
        field: 'name',
        source: 'A long name',
        imported: 'A long',
        explained: 'cut to 50 characters (the limit here)',
        reason: { code: 'cutToLimit', params: { max: 50 } },
      },
    ];
    let current = job({
      status: 'done',
      dryRun: false,
      variant: 'press-ticket',
      verification: verification({ differences, differencesTotal: 2, unexplained: 1 }),
    });
    let reads = 0;
    const { callsTo } = installFetchMock({
      ...signIn(admin),
      'GET /api/imports/whaticket': () => {
        // Verified again, the next reads find the difference gone.
        if (current.verification?.status === 'running' && ++reads >= 2) current = { ...current, verification: verification() };
        return json(200, current);
      },
      'POST /api/imports/whaticket/verify': () => {
        current = { ...current, verification: verification({ status: 'running', tables: [], finishedAt: null }) };
        return json(202, current);
      },
    });
    renderPage();
    expect((await screen.findByTestId('import-verification-outcome')).textContent).toBe(
      '1 unexplained difference (and 1 explained): the import lost or changed something without saying so.',
    );
    expect(screen.getByTestId('import-verification-Messages').textContent).toBe('Messages1091samediffer');
    expect(screen.getByTestId('import-verification-media').textContent).toBe('Media files: 1 of 1 byte-identical');
    const listed = screen.getByTestId('import-verification-differences').querySelectorAll('li');
    expect([...listed].map((li) => li.textContent)).toEqual([
      'Unexplained ContactTags 1/1 (row): present → absent',
      'Explained Queues 3 name: A long name → A long (cut to 50 characters (the limit here))',
    ]);
    await user.click(screen.getByTestId('import-verify'));
    await waitFor(() => expect(callsTo('POST /api/imports/whaticket/verify')).toHaveLength(1));
    expect(await screen.findByText('Comparing every imported row with its source…')).toBeTruthy();
    expect(screen.queryByTestId('import-verify')).toBeNull();
    expect((await screen.findByTestId('import-verification-outcome', {}, { timeout: 5000 })).textContent).toBe(
      'No differences: every imported row matches its source.',
    );
    expect(screen.queryByTestId('import-verification-differences')).toBeNull();
  });

  it('cancels a running verification; the import stays finished', async () => {
    const user = userEvent.setup();
    let current = job({
      status: 'done',
      dryRun: false,
      variant: 'press-ticket',
      verification: verification({ status: 'running', tables: [], finishedAt: null }),
    });
    const { callsTo } = installFetchMock({
      ...signIn(admin),
      'GET /api/imports/whaticket': () => json(200, current),
      'POST /api/imports/whaticket/cancel': () => {
        current = { ...current, verification: verification({ status: 'cancelled', tables: [] }) };
        return json(202, current);
      },
    });
    renderPage();
    await user.click(await screen.findByTestId('import-verification-cancel'));
    await waitFor(() => expect(callsTo('POST /api/imports/whaticket/cancel')).toHaveLength(1));
    expect(await screen.findByText('Verification cancelled.')).toBeTruthy();
    expect(screen.getByText('Import finished (press-ticket).')).toBeTruthy();
    expect(screen.getByTestId('import-verify')).toBeTruthy();
  });

  it('shows no verification after a dry run, and a failed verification with its reason', async () => {
    let current = job({
      status: 'done',
      dryRun: true,
      variant: 'press-ticket',
      summary: [{ table: 'Messages', imported: 5, already: 0, skipped: 0 }],
    });
    installFetchMock({ ...signIn(admin), 'GET /api/imports/whaticket': () => json(200, current) });
    renderPage();
    expect(await screen.findByTestId('import-summary')).toBeTruthy();
    expect(screen.queryByTestId('import-verification')).toBeNull();
    cleanup();
    current = job({ status: 'done', dryRun: false, verification: verification({ status: 'failed', error: 'connect ETIMEDOUT' }) });
    renderPage();
    expect(await screen.findByText('The verification stopped: connect ETIMEDOUT')).toBeTruthy();
    expect(screen.getByTestId('import-verify')).toBeTruthy();
  });

  it.each([
    [
      'pt',
      'Nenhuma diferença sem explicação: 2 diferenças feitas de propósito pela importação, listadas abaixo.',
      'Verificar de novo',
      ['(cortado em 50 caracteres (o limite aqui))', '(a mensagem citada não está na origem ou não foi importada)'],
    ],
    [
      'es',
      'Ninguna diferencia sin explicar: 2 diferencias hechas a propósito por la importación, listadas abajo.',
      'Verificar de nuevo',
      ['(cortado a 50 caracteres (el límite aquí))', '(el mensaje citado no está en el origen o no se importó)'],
    ],
  ])('in %s the verification speaks the language, each reason included', async (language, outcome, again, reasons) => {
    await i18n.changeLanguage(language);
    try {
      const differences: ImportVerificationDTO['differences'] = [
        {
          table: 'Queues',
          id: '3',
          field: 'name',
          source: 'A long name',
          imported: 'A long',
          explained: 'cut to 50 characters (the limit here)',
          reason: { code: 'cutToLimit', params: { max: 50 } },
        },
        {
          table: 'Messages',
          id: '3EA001',
          field: 'quotedMsgId',
          source: 'GONE',
          imported: '',
          explained: 'the quoted message is not in the source, or was not imported',
          reason: { code: 'quoteMissing', params: {} },
        },
      ];
      installFetchMock({
        ...signIn(admin),
        'GET /api/imports/whaticket': () =>
          json(200, job({ status: 'done', dryRun: false, verification: verification({ differences, differencesTotal: 2 }) })),
      });
      renderPage();
      expect((await screen.findByTestId('import-verification-outcome', {}, { timeout: 5000 })).textContent).toBe(outcome);
      expect(screen.getByTestId('import-verify').textContent).toBe(again);
      const listed = [...screen.getByTestId('import-verification-differences').querySelectorAll('li')].map((li) => li.textContent ?? '');
      expect(listed).toEqual([expect.stringMatching(/A long /), expect.stringMatching(/GONE → ∅ /)]);
      expect(listed.map((text, i) => text.endsWith(` ${reasons[i]}`))).toEqual([true, true]);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('once a real import has ended, what the tab holds is read again (the connections it brought show)', async () => {
    let current = job({ dryRun: false, progress: [{ table: 'Whatsapps', done: 0, total: 1 }] });
    let imported = false;
    const { callsTo } = installFetchMock({
      ...signIn(admin),
      'GET /api/imports/whaticket': () => {
        // The second read finds it finished, with its connection written.
        if (callsTo('GET /api/imports/whaticket').length >= 2) {
          imported = true;
          current = job({ status: 'done', dryRun: false, finishedAt: '2026-01-01T10:00:05.000Z', verification: verification() });
        }
        return json(200, current);
      },
      'GET /api/whatsapp': () => json(200, imported ? [connectionFixture({ id: 7, name: 'Old phone' })] : []),
    });
    function Connections() {
      const { data } = useConnections();
      return <div data-testid="probe-connections">{(data ?? []).map((c) => c.name).join(',')}</div>;
    }
    renderWithProviders(
      <WhenSignedIn>
        <Connections />
        <WhaticketImportPage />
      </WhenSignedIn>,
      { route: '/import' },
    );
    await waitFor(() => expect(callsTo('GET /api/whatsapp')).toHaveLength(1));
    expect(screen.getByTestId('probe-connections').textContent).toBe('');
    await waitFor(() => expect(screen.getByTestId('probe-connections').textContent).toBe('Old phone'), { timeout: 5000 });
  });
});
