import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, installFetchMock } from '../../test/fetchMock';
import { userFixture } from '../../test/fixtures';
import { cleanUpAfterEach, renderSignedInModal, screen, signIn } from '../../test/renderWithProviders';
import { UserModal } from './UserModal';

const admin = userFixture({ id: 1, profile: 'admin' });
const attendant = userFixture({ id: 7, name: 'Ana', email: 'ana@example.com', profile: 'user' });

function renderModal(props: Partial<Parameters<typeof UserModal>[0]> = {}) {
  return renderSignedInModal((onClose) => <UserModal open onClose={onClose} {...props} />);
}

const field = (name: string) => screen.getByTestId<HTMLInputElement>(`user-${name}`);
const helperOf = (name: string) => document.getElementById(`user-${name}-helper-text`)?.textContent;

cleanUpAfterEach();

describe('UserModal validation (spec §5 User)', () => {
  it('shows Required for every empty field on an empty submit and calls nothing', async () => {
    const { calls } = installFetchMock(signIn(admin));
    renderModal();
    await screen.findByTestId('user-modal-submit');
    fireEvent.click(screen.getByTestId('user-modal-submit'));
    await waitFor(() => expect(helperOf('name')).toBe('Required'));
    expect(helperOf('email')).toBe('Required');
    expect(helperOf('password')).toBe('Required');
    expect(calls.filter((c) => c.path === '/api/users')).toHaveLength(0);
  });

  it('shows Too Short!, Too Long! and Invalid email for bad values', async () => {
    const user = userEvent.setup();
    installFetchMock(signIn(admin));
    renderModal();
    await screen.findByTestId('user-modal-submit');
    await user.type(field('name'), 'A');
    await user.type(field('email'), 'not-an-email');
    await user.type(field('password'), 'x'.repeat(51));
    await user.click(screen.getByTestId('user-modal-submit'));
    await waitFor(() => expect(helperOf('name')).toBe('Too Short!'));
    expect(helperOf('email')).toBe('Invalid email');
    expect(helperOf('password')).toBe('Too Long!');

    await user.clear(field('name'));
    await user.type(field('name'), 'N'.repeat(51));
    await waitFor(() => expect(helperOf('name')).toBe('Too Long!'));
  });

  it('creates the user with the spec defaults on a valid submit', async () => {
    const user = userEvent.setup();
    const created = userFixture({ id: 9, name: 'Bruno', email: 'bruno@example.com', profile: 'user' });
    const { callsTo } = installFetchMock({ ...signIn(admin), 'POST /api/users': () => json(201, created) });
    const { onClose } = renderModal();
    await screen.findByTestId('user-modal-submit');
    await user.type(field('name'), 'Bruno');
    await user.type(field('email'), 'Bruno@Example.com');
    await user.type(field('password'), 'secret1');
    await user.click(screen.getByTestId('user-modal-submit'));

    await waitFor(() => expect(callsTo('POST /api/users')).toHaveLength(1));
    expect(callsTo('POST /api/users')[0].body).toEqual({
      name: 'Bruno',
      email: 'bruno@example.com',
      password: 'secret1',
      whatsappId: null,
      profile: 'user',
      queueIds: [],
      startWork: '00:00',
      endWork: '23:59',
      allHistoric: 'enabled',
      isRemoveTags: 'enabled',
      viewConection: 'enabled',
      viewSector: 'enabled',
      viewName: 'enabled',
      viewTags: 'enabled',
      allTicket: 'desabled',
      campaigns: 'desabled',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('User saved successfully!')).toBeTruthy();
  });

  it('edit mode loads the user by id and keeps the password when left empty', async () => {
    const user = userEvent.setup();
    const { callsTo } = installFetchMock({
      ...signIn(admin),
      'GET /api/users/7': () => json(200, attendant),
      'PUT /api/users/7': (call) => json(200, { ...attendant, ...(call.body as object) }),
    });
    renderModal({ userId: 7 });
    await waitFor(() => expect(field('name').value).toBe('Ana'));
    await user.clear(field('name'));
    await user.type(field('name'), 'Ana Paula');
    await user.click(screen.getByTestId('user-modal-submit'));
    await waitFor(() => expect(callsTo('PUT /api/users/7')).toHaveLength(1));
    const body = callsTo('PUT /api/users/7')[0].body as Record<string, unknown>;
    expect(body.name).toBe('Ana Paula');
    expect(body).not.toHaveProperty('password');
  });

  it('an attendant editing their profile sees and sends only name, email, password and connection', async () => {
    const user = userEvent.setup();
    const { callsTo } = installFetchMock({
      ...signIn(attendant),
      'GET /api/users/7': () => json(200, attendant),
      'PUT /api/users/7': () => json(200, attendant),
    });
    renderModal({ userId: 7, ownProfile: true });
    await waitFor(() => expect(field('name').value).toBe('Ana'));
    const dialog = screen.getByTestId('user-modal');
    expect(within(dialog).queryByTestId('user-profile')).toBeNull();
    expect(within(dialog).queryByTestId('user-startWork')).toBeNull();
    expect(within(dialog).queryByTestId('user-allTicket')).toBeNull();
    expect(within(dialog).getByText('My profile')).toBeTruthy();

    await user.type(field('password'), 'newpass');
    await user.click(screen.getByTestId('user-modal-submit'));
    await waitFor(() => expect(callsTo('PUT /api/users/7')).toHaveLength(1));
    expect(Object.keys(callsTo('PUT /api/users/7')[0].body as object).sort()).toEqual(['email', 'name', 'password', 'whatsappId']);
  });

  it('shows the translated server error', async () => {
    const user = userEvent.setup();
    installFetchMock({ ...signIn(admin), 'POST /api/users': () => json(409, { error: 'ERR_DUPLICATED_EMAIL' }) });
    renderModal();
    await screen.findByTestId('user-modal-submit');
    await user.type(field('name'), 'Bruno');
    await user.type(field('email'), 'bruno@example.com');
    await user.type(field('password'), 'secret1');
    await user.click(screen.getByTestId('user-modal-submit'));
    expect(await screen.findByText('A user with this email already exists.')).toBeTruthy();
  });
});
