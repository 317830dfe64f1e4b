import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { json, installFetchMock } from '../../test/fetchMock';
import { contactFixture, userFixture } from '../../test/fixtures';
import { cleanUpAfterEach, renderWithProviders, screen, signIn, WhenSignedIn } from '../../test/renderWithProviders';
import { confirmationTexts } from './ContactConfirmation';
import ContactsPage from './ContactsPage';

const maria = contactFixture({ id: 5, name: 'Maria', number: '5511999990000' });
const contactsPage = () => json(200, { contacts: [maria], hasMore: false, count: 1, countCapped: false, nextCursor: null });

function renderPage() {
  renderWithProviders(
    <WhenSignedIn>
      <ContactsPage />
    </WhenSignedIn>,
    { route: '/contacts' },
  );
}

cleanUpAfterEach();

describe('ContactsPage (spec §2 Contacts, §6)', () => {
  it('shows the count and hides delete and the admin toolbar from attendants', async () => {
    installFetchMock({ ...signIn(userFixture({ id: 3, profile: 'user' })), 'GET /api/contacts': contactsPage });
    renderPage();
    await screen.findByTestId('contact-row-5');
    expect(screen.getByText('Contacts (1)')).toBeTruthy();
    expect(screen.getByTestId('contact-edit-5')).toBeTruthy();
    expect(screen.getByTestId('contact-start-ticket-5')).toBeTruthy();
    expect(screen.queryByTestId('contact-delete-5')).toBeNull();
    for (const id of ['contacts-import', 'contacts-export', 'contacts-delete-all']) expect(screen.queryByTestId(id)).toBeNull();
  });

  it('shows a capped count as a lower bound', async () => {
    installFetchMock({
      ...signIn(userFixture({ id: 3, profile: 'user' })),
      'GET /api/contacts': () => json(200, { contacts: [maria], hasMore: true, count: 1000, countCapped: true, nextCursor: 'next' }),
    });
    renderPage();
    await screen.findByTestId('contact-row-5');
    expect(screen.getByText('Contacts (1,000+)')).toBeTruthy();
  });

  it('offers delete on exactly the contacts the server answered as deletable', async () => {
    installFetchMock({
      ...signIn(userFixture({ id: 1, profile: 'admin' })),
      'GET /api/contacts': () =>
        json(200, {
          contacts: [
            { ...maria, allowedActions: ['update', 'changeNumber'] },
            contactFixture({ id: 6, name: 'Rui', allowedActions: ['update', 'changeNumber', 'delete'] }),
          ],
          hasMore: false,
          count: 2,
          countCapped: false,
          nextCursor: null,
        }),
    });
    renderPage();
    await screen.findByTestId('contact-row-6');
    expect(screen.queryByTestId('contact-delete-5')).toBeNull();
    expect(screen.getByTestId('contact-delete-6')).toBeTruthy();
  });

  it('lets an admin delete a contact after a confirmation naming it', async () => {
    const user = userEvent.setup();
    const { callsTo } = installFetchMock({
      ...signIn(userFixture({ id: 1, profile: 'admin' })),
      'GET /api/contacts': contactsPage,
      'DELETE /api/contacts/5': () => json(200, { message: 'Contact deleted' }),
    });
    renderPage();
    await user.click(await screen.findByTestId('contact-delete-5'));
    expect(screen.getByText('Delete Maria?')).toBeTruthy();
    await user.click(screen.getByTestId('confirmation-confirm'));
    await waitFor(() => expect(callsTo('DELETE /api/contacts/5')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('contact-row-5')).toBeNull());
    expect(await screen.findByText('Contact deleted successfully!')).toBeTruthy();
    expect(screen.getByText('Contacts (0)')).toBeTruthy();
  });

  it('searches lower-cased, from 3 characters, after the debounce', async () => {
    const user = userEvent.setup();
    const { fetchMock } = installFetchMock({ ...signIn(userFixture({ id: 1, profile: 'admin' })), 'GET /api/contacts': contactsPage });
    const urls = () => fetchMock.mock.calls.map((c) => (c[0] instanceof Request ? c[0].url : String(c[0])));
    renderPage();
    await screen.findByTestId('contact-row-5');
    await user.type(screen.getByTestId('contacts-search'), 'MAR');
    expect(screen.getByTestId<HTMLInputElement>('contacts-search').value).toBe('mar');
    await waitFor(() => expect(urls()).toContain('/api/contacts?searchParam=mar'), { timeout: 2000 });
    // Two characters list everything again.
    await user.type(screen.getByTestId('contacts-search'), '{Backspace}');
    await waitFor(() => expect(urls().at(-1)).toBe('/api/contacts'), { timeout: 2000 });
  });
});

describe('contact confirmation texts', () => {
  const t = i18n.getFixedT('en');
  it('name the contact for one, and differ for delete all and import', () => {
    expect(confirmationTexts(t, { kind: 'delete', contact: maria }).title).toBe('Delete Maria?');
    expect(confirmationTexts(t, { kind: 'deleteAll' }).title).toBe('Delete all contacts?');
    expect(confirmationTexts(t, { kind: 'import' }).message).toBe('Do you want to import all contacts from the phone?');
  });
});

describe('ContactsPage import (feedback and CSV)', () => {
  const admin = () => ({ ...signIn(userFixture({ id: 1, profile: 'admin' })), 'GET /api/contacts': contactsPage });

  it('tells how many contacts the phone import added', async () => {
    const user = userEvent.setup();
    const { callsTo } = installFetchMock({ ...admin(), 'POST /api/contacts/import': () => json(200, { imported: 7 }) });
    renderPage();
    await user.click(await screen.findByTestId('contacts-import'));
    await user.click(await screen.findByTestId('contacts-import-phone'));
    await user.click(screen.getByTestId('confirmation-confirm'));
    await waitFor(() => expect(callsTo('POST /api/contacts/import')).toHaveLength(1));
    expect(await screen.findByText('7 contacts imported from the phone.')).toBeTruthy();
  });

  it('previews a CSV file with per-row errors, imports it and shows the summary', async () => {
    const user = userEvent.setup();
    const { callsTo } = installFetchMock({
      ...admin(),
      'POST /api/contacts/import/csv': () =>
        json(200, { imported: 1, existing: 1, errors: [{ row: 2, field: 'email', message: 'Invalid email' }] }),
    });
    renderPage();
    await screen.findByTestId('contact-row-5');
    const csv =
      '\uFEFFname;number;email\r\nAna Souza;5511988887777;ana@example.com\r\nMaria;5511999990000;\r\nBad Mail;5511977776666;nope\r\n';
    await user.upload(screen.getByTestId('contacts-import-file'), new File([csv], 'contacts.csv', { type: 'text/csv' }));
    expect((await screen.findByTestId('csv-import-summary')).textContent).toBe(
      '2 of 3 rows are ready to import. 1 row has errors and will be left out.',
    );
    expect(screen.getByTestId('csv-import-row-2').textContent).toContain('OK');
    expect(screen.getByTestId('csv-import-row-4').textContent).toContain('Email: Invalid email');
    await user.click(screen.getByTestId('csv-import-submit'));
    await waitFor(() => expect(callsTo('POST /api/contacts/import/csv')).toHaveLength(1));
    expect(callsTo('POST /api/contacts/import/csv')[0].body).toEqual({
      rows: [
        { name: 'Ana Souza', number: '5511988887777', email: 'ana@example.com' },
        { name: 'Maria', number: '5511999990000', email: '' },
        { name: 'Bad Mail', number: '5511977776666', email: 'nope' },
      ],
    });
    expect((await screen.findByTestId('csv-import-result')).textContent).toBe('Import finished: 1 new, 1 already existed, 1 left out.');
  });

  it('names the missing columns of a file that is not a contacts CSV, and imports nothing', async () => {
    const user = userEvent.setup();
    const { callsTo } = installFetchMock(admin());
    renderPage();
    await screen.findByTestId('contact-row-5');
    await user.upload(screen.getByTestId('contacts-import-file'), new File(['foo;bar\n1;2\n'], 'other.csv', { type: 'text/csv' }));
    expect((await screen.findByTestId('csv-import-columns')).textContent).toContain('name, number');
    expect(screen.getByTestId<HTMLButtonElement>('csv-import-submit').disabled).toBe(true);
    expect(callsTo('POST /api/contacts/import/csv')).toHaveLength(0);
  });
});
