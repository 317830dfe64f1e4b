import type { MessageDTO } from '@switchboard/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { MessageContent } from './MessageContent';

function received(overrides: Partial<MessageDTO>): MessageDTO {
  return {
    id: 'm1',
    ticketId: 1,
    body: '',
    fromMe: false,
    read: true,
    mediaType: 'document',
    mediaUrl: null,
    mediaName: 'backup.zip',
    mediaMime: null,
    quotedMsg: null,
    isDeleted: false,
    isEdited: false,
    ack: 0,
    sendState: 'received',
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    contact: null,
    userId: null,
    isPrivate: false,
    ...overrides,
  };
}

describe('received media that was not kept', () => {
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en');
  });

  it('says a file was too large, with its name, in the chosen language', async () => {
    render(<MessageContent message={received({ mediaError: 'ERR_MEDIA_TOO_LARGE' })} />);
    expect(screen.getByTestId('message-media-not-kept').textContent).toContain('File too large to receive (backup.zip)');
    await i18n.changeLanguage('pt');
    expect(await screen.findByText(/Arquivo grande demais para receber \(backup\.zip\)/)).toBeTruthy();
  });

  it('says a file could not be received when the download failed', () => {
    render(<MessageContent message={received({ mediaType: 'image', mediaName: null, mediaError: 'ERR_WAPP_DOWNLOAD_MEDIA' })} />);
    expect(screen.getByTestId('message-media-not-kept').textContent).toContain('The file could not be received.');
  });
});

describe("a message waiting for the customer's phone to send it again", () => {
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en');
  });

  it('shows the waiting notice instead of an empty bubble, in the chosen language', async () => {
    render(<MessageContent message={received({ mediaType: 'chat', mediaName: null, awaitingResend: true })} />);
    expect(screen.getByTestId('message-awaiting-resend').textContent).toContain("WhatsApp asked the customer's phone to send it again");
    await i18n.changeLanguage('es');
    expect(await screen.findByText(/WhatsApp pidió al teléfono del cliente que lo envíe de nuevo/)).toBeTruthy();
    await i18n.changeLanguage('pt');
    expect(await screen.findByText(/o WhatsApp pediu ao celular do cliente que a envie de novo/)).toBeTruthy();
  });

  it('shows the resent text once the placeholder was replaced', () => {
    render(<MessageContent message={received({ mediaType: 'chat', mediaName: null, body: 'chegou agora' })} />);
    expect(screen.queryByTestId('message-awaiting-resend')).toBeNull();
    expect(screen.getByTestId('message-text').textContent).toBe('chegou agora');
  });
});
