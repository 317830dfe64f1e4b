import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContactDTO } from '@switchboard/shared';
import { describe, expect, it } from 'vitest';
import { json, installFetchMock } from '../../test/fetchMock';
import { userFixture } from '../../test/fixtures';
import { cleanUpAfterEach, helperOf, renderSignedInModal, screen, signIn } from '../../test/renderWithProviders';
import { ContactModal } from './ContactModal';

const attendant = userFixture({ id: 3, profile: 'user' });
const input = (id: string) => screen.getByTestId<HTMLInputElement>(id);
const tagList = () => json(200, [{ id: 8, name: 'VIP', color: '#ff0000', userId: 1, contactsCount: 0, createdAt: '', updatedAt: '' }]);

const existing: ContactDTO = {
  id: 12,
  name: 'Maria',
  number: '5511999990000',
  email: 'maria@example.com',
  profilePicUrl: '',
  isGroup: false,
  extraInfo: [
    { id: 1, name: 'Company', value: 'ACME' },
    { id: 2, name: 'Plan', value: 'Gold' },
  ],
  tags: [{ id: 8, name: 'VIP', color: '#ff0000' }],
  tickets: [],
  optedOutAt: null,
  createdAt: '',
  updatedAt: '',
};

function renderModal(contactId: number | null = null) {
  return renderSignedInModal((onClose) => <ContactModal contactId={contactId} onClose={onClose} />);
}

cleanUpAfterEach();

describe('ContactModal validation (spec §5 Contact)', () => {
  it('shows Required for name and number on an empty submit and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = installFetchMock({ ...signIn(attendant), 'GET /api/tags/list': tagList });
    renderModal();
    await user.click(await screen.findByTestId('contact-modal-submit'));
    await waitFor(() => expect(helperOf('contact-name')).toBe('Required'));
    expect(helperOf('contact-number')).toBe('Required');
    expect(calls.filter((c) => c.path === '/api/contacts')).toHaveLength(0);
  });

  it('shows Too Short! and Invalid email for bad values', async () => {
    const user = userEvent.setup();
    installFetchMock({ ...signIn(attendant), 'GET /api/tags/list': tagList });
    renderModal();
    await user.type(await screen.findByTestId('contact-name'), 'A');
    await user.type(input('contact-number'), '1234');
    await user.type(input('contact-email'), 'not-an-email');
    await user.click(screen.getByTestId('contact-modal-submit'));
    await waitFor(() => expect(helperOf('contact-name')).toBe('Too Short!'));
    expect(helperOf('contact-number')).toBe('Too Short!');
    expect(helperOf('contact-email')).toBe('Invalid email');
  });
});

describe('ContactModal extra information and tags', () => {
  it('adds and removes name/value rows and sends them with the tags in one request', async () => {
    const user = userEvent.setup();
    const { callsTo } = installFetchMock({
      ...signIn(attendant),
      'GET /api/tags/list': tagList,
      'POST /api/contacts': (call) => json(201, { ...existing, id: 20, ...(call.body as object), extraInfo: [], tags: [] }),
    });
    const { onClose } = renderModal();
    await user.type(await screen.findByTestId('contact-name'), 'Joana');
    await user.type(input('contact-number'), '+55 (11) 98888-7777');

    await user.click(screen.getByTestId('extra-info-add'));
    await user.click(screen.getByTestId('extra-info-add'));
    await user.type(input('extra-info-name-0'), 'Company');
    await user.type(input('extra-info-value-0'), 'ACME');
    await user.type(input('extra-info-name-1'), 'Drop me');
    await user.click(screen.getByTestId('extra-info-remove-1'));
    expect(screen.queryByTestId('extra-info-row-1')).toBeNull();

    await user.click(input('contact-tags'));
    await user.click(await screen.findByTestId('tag-option-8'));

    await user.click(screen.getByTestId('contact-modal-submit'));
    await waitFor(() => expect(callsTo('POST /api/contacts')).toHaveLength(1));
    expect(callsTo('POST /api/contacts')[0].body).toEqual({
      name: 'Joana',
      number: '5511988887777',
      email: '',
      extraInfo: [{ name: 'Company', value: 'ACME' }],
      tags: [8],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Contact saved successfully!')).toBeTruthy();
  });

  it('requires a name on an extra information row', async () => {
    const user = userEvent.setup();
    installFetchMock({ ...signIn(attendant), 'GET /api/tags/list': tagList });
    renderModal();
    await user.type(await screen.findByTestId('contact-name'), 'Joana');
    await user.type(input('contact-number'), '5511988887777');
    await user.click(screen.getByTestId('extra-info-add'));
    await user.click(screen.getByTestId('contact-modal-submit'));
    await waitFor(() => expect(helperOf('extra-info-name-0')).toBe('Required'));
  });

  it('loads a contact in edit mode and saves its rows and tags back with PUT', async () => {
    const user = userEvent.setup();
    const { callsTo } = installFetchMock({
      ...signIn(attendant),
      'GET /api/tags/list': tagList,
      'GET /api/contacts/12': () => json(200, existing),
      'PUT /api/contacts/12': (call) =>
        json(200, { ...existing, ...(call.body as object), extraInfo: existing.extraInfo, tags: existing.tags }),
    });
    renderModal(12);
    await waitFor(() => expect(input('contact-name').value).toBe('Maria'));
    expect(input('extra-info-value-1').value).toBe('Gold');
    await user.click(screen.getByTestId('extra-info-remove-0'));
    await user.click(screen.getByTestId('contact-modal-submit'));
    await waitFor(() => expect(callsTo('PUT /api/contacts/12')).toHaveLength(1));
    expect(callsTo('PUT /api/contacts/12')[0].body).toEqual({
      name: 'Maria',
      number: '5511999990000',
      email: 'maria@example.com',
      extraInfo: [{ name: 'Plan', value: 'Gold' }],
      tags: [8],
    });
  });

  it('Esc in the tag picker closes only the picker, never the form with its edits', async () => {
    const user = userEvent.setup();
    installFetchMock({ ...signIn(attendant), 'GET /api/tags/list': tagList });
    const { onClose } = renderModal();
    await user.type(await screen.findByTestId('contact-name'), 'Maria Edit');
    await user.click(input('contact-tags'));
    await user.click(await screen.findByTestId('tag-option-8'));
    // The picker is closed after a pick; Esc once more, then once with the list open again.
    await user.keyboard('{Escape}');
    await user.click(input('contact-tags'));
    await user.keyboard('{Escape}');
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(input('contact-name').value).toBe('Maria Edit');
  });
});

describe('ContactModal number: closed exactly when the server would refuse the change', () => {
  const salesAgent = userFixture({ id: 3, profile: 'user', queues: [{ id: 1, name: 'Sales', color: 'red' }] });
  const admin = userFixture({ id: 1, profile: 'admin' });
  const withTickets = (tickets: ContactDTO['tickets']): ContactDTO => ({ ...existing, tickets });
  const ACTIVE = 'Only an administrator can change the number while a conversation is open or pending';
  const UNSEEN = "Only those who see this contact's conversations can change the number";
  const HINT = 'With country and area code';
  const cases: [string, typeof salesAgent, ContactDTO['tickets'], string][] = [
    ['no tickets: anyone', salesAgent, [], HINT],
    ['a closed ticket of a sector the attendant sees', salesAgent, [{ userId: null, queueId: 1, active: false }], HINT],
    ['only closed tickets of another sector', salesAgent, [{ userId: null, queueId: 2, active: false }], UNSEEN],
    ['an active ticket, even in the attendant’s sector', salesAgent, [{ userId: 3, queueId: 1, active: true }], ACTIVE],
    ['an active ticket, for an admin', admin, [{ userId: 9, queueId: 2, active: true }], HINT],
  ];

  it.each(cases)('%s', async (_name, who, tickets, helper) => {
    const editable = helper === HINT;
    installFetchMock({ ...signIn(who), 'GET /api/tags/list': tagList, 'GET /api/contacts/12': () => json(200, withTickets(tickets)) });
    renderModal(12);
    await waitFor(() => expect(input('contact-name').value).toBe('Maria'));
    expect(input('contact-number').disabled).toBe(!editable);
    expect(helperOf('contact-number')).toBe(helper);
    // The other fields stay editable for everyone (spec §6).
    expect(input('contact-name').disabled).toBe(false);
  });

  it('a locked number is sent back unchanged, so the rest of the edit is saved', async () => {
    const user = userEvent.setup();
    const { callsTo } = installFetchMock({
      ...signIn(salesAgent),
      'GET /api/tags/list': tagList,
      'GET /api/contacts/12': () => json(200, withTickets([{ userId: null, queueId: 1, active: true }])),
      'PUT /api/contacts/12': (call) => json(200, { ...existing, ...(call.body as object), tags: existing.tags }),
    });
    renderModal(12);
    await waitFor(() => expect(input('contact-number').disabled).toBe(true));
    await user.clear(input('contact-name'));
    await user.type(input('contact-name'), 'Maria Clara');
    await user.click(screen.getByTestId('contact-modal-submit'));
    await waitFor(() => expect(callsTo('PUT /api/contacts/12')).toHaveLength(1));
    expect(callsTo('PUT /api/contacts/12')[0].body).toMatchObject({ name: 'Maria Clara', number: existing.number });
  });
});
