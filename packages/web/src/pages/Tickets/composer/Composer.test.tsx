import { cleanup, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFetchMock, json } from '../../../test/fetchMock';
import { messageFixture, quickAnswerFixture, userFixture } from '../../../test/fixtures';
import { renderWithProviders, screen, signIn, WhenSignedIn } from '../../../test/renderWithProviders';
import { Composer, SIGN_OPTION_KEY } from './Composer';
import { canSend, capitaliseFirst, isSendKey, quickAnswerSearch, signedBody } from './composerRules';

const user = userFixture({ id: 3, name: 'Ana' });
const contact = { id: 1, name: 'Carla', number: '55', profilePicUrl: '', isGroup: false, tags: [] };

function setup(status: 'open' | 'pending' | 'closed' = 'open', routes = {}) {
  const mock = installFetchMock({
    ...signIn(user),
    'POST /api/messages/5': (call) => json(201, messageFixture({ id: 'm1', ticketId: 5, body: (call.body as { body: string }).body })),
    'POST /api/tickets/5/notes': (call) =>
      json(201, messageFixture({ id: 'n1', ticketId: 5, isPrivate: true, body: (call.body as { body: string }).body })),
    ...routes,
  });
  renderWithProviders(
    <WhenSignedIn>
      <Composer
        ticket={{ id: 5, status, contact }}
        quoted={null}
        onClearQuote={() => undefined}
        files={[]}
        onFilesChange={() => undefined}
      />
    </WhenSignedIn>,
  );
  return mock;
}

const input = () => screen.findByTestId('composer-input');

describe('composer rules', () => {
  it('capitalises, signs, refuses empty text, reads quick-answer searches and send keys', () => {
    expect(capitaliseFirst('hello there')).toBe('Hello there');
    expect(signedBody('Hi', 'Ana')).toBe('*Ana:*\nHi');
    expect(signedBody('Hi', null)).toBe('Hi');
    expect(canSend('   \n ', 0)).toBe(false);
    expect(canSend('', 1)).toBe(true);
    expect(quickAnswerSearch('/gre')).toBe('gre');
    expect(quickAnswerSearch('hi /x')).toBeNull();
    expect(isSendKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(isSendKey({ key: 'Enter', shiftKey: true })).toBe(false);
  });
});

describe('Composer', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('Enter sends the signed text with an idempotency key; Shift+Enter does not send', async () => {
    const mock = setup();
    const box = await input();
    fireEvent.change(box, { target: { value: 'hello' } });
    expect((box as HTMLTextAreaElement).value).toBe('Hello');
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(mock.callsTo('POST /api/messages/5')).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(mock.callsTo('POST /api/messages/5')).toHaveLength(1));
    const body = mock.callsTo('POST /api/messages/5')[0].body as { body: string; idempotencyKey: string };
    expect(body.body).toBe('*Ana:*\nHello');
    expect(body.idempotencyKey.length).toBeGreaterThanOrEqual(8);
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('sends without the name when the sign option is off (remembered in localStorage)', async () => {
    localStorage.setItem(SIGN_OPTION_KEY, 'false');
    const mock = setup();
    const box = await input();
    fireEvent.change(box, { target: { value: 'plain' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(mock.callsTo('POST /api/messages/5')).toHaveLength(1));
    expect((mock.callsTo('POST /api/messages/5')[0].body as { body: string }).body).toBe('Plain');
    fireEvent.click(screen.getByTestId('composer-sign'));
    expect(localStorage.getItem(SIGN_OPTION_KEY)).toBe('true');
  });

  it('never sends empty text', async () => {
    const mock = setup();
    const box = await input();
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await new Promise((r) => setTimeout(r, 20));
    expect(mock.callsTo('POST /api/messages/5')).toHaveLength(0);
  });

  it('is disabled with its buttons unless the ticket is open', async () => {
    setup('pending');
    expect(((await input()) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('composer-attach').disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('composer-sign').disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('composer-record').disabled).toBe(true);
  });

  it("'/' looks up quick answers and choosing one inserts its message", async () => {
    const mock = setup('open', {
      'GET /api/quickAnswers': () =>
        json(200, {
          quickAnswers: [quickAnswerFixture({ id: 4, shortcut: 'greet', message: 'Good morning! How can I help?' })],
          hasMore: false,
          count: 1,
        }),
    });
    const box = await input();
    fireEvent.change(box, { target: { value: '/gre' } });
    fireEvent.click(await screen.findByTestId('quick-answer-4'));
    expect((box as HTMLTextAreaElement).value).toBe('Good morning! How can I help?');
    expect(mock.calls.find((c) => c.path === '/api/quickAnswers')).toBeTruthy();
    expect(screen.queryByTestId('quick-answers')).toBeNull();
  });

  const twoAnswers = {
    'GET /api/quickAnswers': () =>
      json(200, {
        quickAnswers: [
          quickAnswerFixture({ id: 4, shortcut: 'hello', message: 'Hello! How can I help?' }),
          quickAnswerFixture({ id: 5, shortcut: 'help', message: 'Our help page is example.com/help' }),
        ],
        hasMore: false,
        count: 2,
      }),
  };

  it('after a click on a quick answer the focus is back in the input, so Enter sends it', async () => {
    localStorage.setItem(SIGN_OPTION_KEY, 'false');
    const mock = setup('open', twoAnswers);
    const box = await input();
    box.focus();
    fireEvent.change(box, { target: { value: '/hel' } });
    const option = await screen.findByTestId('quick-answer-4');
    // A real click moves the focus to what is pressed unless the mousedown is prevented.
    const focusMoved = fireEvent.mouseDown(option);
    if (focusMoved) option.focus();
    fireEvent.click(option);
    expect(document.activeElement).toBe(box);
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    await waitFor(() => expect(mock.callsTo('POST /api/messages/5')).toHaveLength(1));
    expect((mock.callsTo('POST /api/messages/5')[0].body as { body: string }).body).toBe('Hello! How can I help?');
  });

  it('quick answers work from the keyboard: arrows move, Enter picks, Enter again sends', async () => {
    localStorage.setItem(SIGN_OPTION_KEY, 'false');
    const mock = setup('open', twoAnswers);
    const box = await input();
    fireEvent.change(box, { target: { value: '/hel' } });
    await screen.findByTestId('quick-answer-5');
    expect(screen.getByTestId('quick-answer-4').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getByTestId('quick-answer-5').getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getByTestId('quick-answer-5').id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(screen.getByTestId('quick-answer-4').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((box as HTMLTextAreaElement).value).toBe('Our help page is example.com/help');
    expect(screen.queryByTestId('quick-answers')).toBeNull();
    expect(mock.callsTo('POST /api/messages/5')).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(mock.callsTo('POST /api/messages/5')).toHaveLength(1));
    expect((mock.callsTo('POST /api/messages/5')[0].body as { body: string }).body).toBe('Our help page is example.com/help');
  });

  it('Esc closes the quick answers without clearing the text; typing on opens them again', async () => {
    setup('open', twoAnswers);
    const box = await input();
    fireEvent.change(box, { target: { value: '/hel' } });
    await screen.findByTestId('quick-answers');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByTestId('quick-answers')).toBeNull();
    expect((box as HTMLTextAreaElement).value).toBe('/hel');
    fireEvent.change(box, { target: { value: '/he' } });
    await screen.findByTestId('quick-answers');
  });

  it("in a note, Enter completes the highlighted '@' colleague and does not send; Enter again sends the note", async () => {
    const colleagues = {
      users: [
        userFixture({ id: 7, name: 'Bruno Lima', email: 'bruno@example.com' }),
        userFixture({ id: 8, name: 'Bruna Reis', email: 'bruna@example.com' }),
      ],
      count: 2,
      hasMore: false,
    };
    const mock = setup('open', { 'GET /api/users': () => json(200, colleagues) });
    fireEvent.click(await screen.findByTestId('composer-note-toggle'));
    const box = await input();
    fireEvent.change(box, { target: { value: 'please check @Bru' } });
    await screen.findByTestId('mention-option-8');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe('mention-option-8');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((box as HTMLTextAreaElement).value).toBe('Please check @Bruna Reis ');
    expect(screen.queryByTestId('mention-list')).toBeNull();
    expect(mock.callsTo('POST /api/tickets/5/notes')).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(mock.callsTo('POST /api/tickets/5/notes')).toHaveLength(1));
    expect(mock.callsTo('POST /api/messages/5')).toHaveLength(0);
    expect(mock.callsTo('POST /api/tickets/5/notes')[0].body).toMatchObject({ body: 'Please check @Bruna Reis' });
  });

  it('a failed quick-answer lookup silently shows no list', async () => {
    setup('open', { 'GET /api/quickAnswers': () => json(500, { error: 'ERR_INTERNAL' }) });
    const box = await input();
    fireEvent.change(box, { target: { value: '/x' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('quick-answers')).toBeNull();
    expect(screen.queryByTestId('toast-error')).toBeNull();
  });
});
