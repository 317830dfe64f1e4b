import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { json, installFetchMock } from '../../../test/fetchMock';
import { messageFixture, userFixture } from '../../../test/fixtures';
import { cleanUpAfterEach, renderWithProviders, screen, signIn, WhenSignedIn } from '../../../test/renderWithProviders';
import { MessageBubble } from './MessageBubble';

cleanUpAfterEach();

const failed = (over: Parameters<typeof messageFixture>[0] = {}) =>
  messageFixture({
    id: 'out-1',
    fromMe: true,
    body: 'olá',
    ack: 0,
    sendState: 'failed',
    sendError: 'ERR_WAPP_SEND_REFUSED',
    sendErrorCode: '463',
    ...over,
  });

function renderBubble(message: ReturnType<typeof failed>, opts: { canReply?: boolean; readOnly?: boolean } = {}) {
  const mock = installFetchMock({
    ...signIn(userFixture()),
    'POST /api/messages/out-1/retry': () => json(200, { ...message, sendState: 'pending', sendError: null, sendErrorCode: null }),
  });
  renderWithProviders(
    <WhenSignedIn>
      <MessageBubble
        message={message}
        contactName="Ana"
        canReply={opts.canReply ?? true}
        readOnly={opts.readOnly}
        onReply={() => undefined}
      />
    </WhenSignedIn>,
  );
  return mock;
}

describe('a message WhatsApp refused', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the red mark, "not delivered", the code explained, and sends it again on Retry', async () => {
    const mock = renderBubble(failed());
    expect(await screen.findByTestId('ack-failed')).toBeTruthy();
    const notice = screen.getByTestId('message-send-error');
    expect(notice.textContent).toContain('Not delivered');
    expect(notice.textContent).toContain('code 463');
    expect(screen.getByTestId('message-send-error-reason').textContent).toMatch(/has not written to you first|private ID \(LID\)/);
    fireEvent.click(screen.getByTestId('message-retry'));
    await waitFor(() => expect(mock.callsTo('POST /api/messages/out-1/retry')).toHaveLength(1));
  });

  it('explains 479 in the chosen language', async () => {
    await i18n.changeLanguage('pt');
    renderBubble(failed({ sendErrorCode: '479' }));
    expect((await screen.findByTestId('message-send-error-reason')).textContent).toContain('inválida (479)');
    expect(screen.getByTestId('message-send-error').textContent).toContain('Não entregue');
  });

  it('names an unexplained code, and falls back to the error when the channel gave none', async () => {
    await i18n.changeLanguage('es');
    renderBubble(failed({ sendErrorCode: '999' }));
    expect((await screen.findByTestId('message-send-error-reason')).textContent).toBe('WhatsApp rechazó este mensaje (código 999).');
  });

  it('says why a send failed without a refusal code (the error itself)', async () => {
    renderBubble(failed({ sendErrorCode: null, sendError: 'ERR_WAPP_INVALID_CONTACT' }));
    const notice = await screen.findByTestId('message-send-error');
    expect(notice.textContent).toContain('Not delivered');
    expect(notice.textContent).not.toContain('code');
    expect(screen.getByTestId('message-send-error-reason').textContent).toBeTruthy();
  });

  it('offers no Retry where the reader cannot reply (closed ticket or earlier ticket)', async () => {
    renderBubble(failed(), { canReply: false });
    expect(await screen.findByTestId('message-send-error')).toBeTruthy();
    expect(screen.queryByTestId('message-retry')).toBeNull();
  });
});
