import type { QuotedMessageDTO } from '@switchboard/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { QuotedMessage } from './QuotedMessage';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const quoted = (over: Partial<QuotedMessageDTO>): QuotedMessageDTO => ({
  id: 'q1',
  body: '',
  mediaType: 'chat',
  fromMe: false,
  isDeleted: false,
  ...over,
});

describe('QuotedMessage', () => {
  it('renders *bold* in a quote instead of showing the markers', () => {
    render(<QuotedMessage quoted={quoted({ body: '*Bruno Souza:*\nhello', fromMe: true })} />);
    const body = screen.getByTestId('quoted-body');
    expect(body.textContent).toBe('Bruno Souza:\nhello');
    expect(body.querySelector('strong')?.textContent).toBe('Bruno Souza:');
  });

  it('names a media kind or a call in the chosen language', async () => {
    await i18n.changeLanguage('pt');
    render(<QuotedMessage quoted={quoted({ mediaType: 'image' })} />);
    expect(screen.getByTestId('quoted-body').textContent).toBe('Foto');
    cleanup();
    render(<QuotedMessage quoted={quoted({ mediaType: 'call_log', body: 'voice' })} />);
    expect(screen.getByTestId('quoted-body').textContent).toBe('Chamada de voz');
  });
});
