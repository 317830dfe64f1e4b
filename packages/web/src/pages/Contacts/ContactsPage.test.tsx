import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContactDTO } from '@switchboard/shared';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { json, installFetchMock } from '../../test/fetchMock';
import { userFixture } from '../../test/fixtures';
import { cleanUpAfterEach, renderWithProviders, screen, signIn, WhenSignedIn } from '../../test/renderWithProviders';
import { confirmationTexts } from './ContactConfirmation';
import ContactsPage from './ContactsPage';

const maria = { id: 5, name: 'Maria', number: '5511999990000', email: '', profilePicUrl: '', extraInfo: [], tags: [] } as unknown as ContactDTO;
const contactsPage = () => json(200, { contacts: [maria], hasMore: false, count: 1 });

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
    const urls = () => fetchMock.mock.calls.map((c) => String(c[0]));
    renderPage();
    await screen.findByTestId('contact-row-5');
    await user.type(screen.getByTestId('contacts-search'), 'MAR');
    expect((screen.getByTestId('contacts-search') as HTMLInputElement).value).toBe('mar');
    await waitFor(() => expect(urls()).toContain('/api/contacts?searchParam=mar&pageNumber=1'), { timeout: 2000 });
    // Two characters list everything again.
    await user.type(screen.getByTestId('contacts-search'), '{Backspace}');
    await waitFor(() => expect(urls().at(-1)).toBe('/api/contacts?pageNumber=1'), { timeout: 2000 });
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
