import type { ConnectionDTO } from '@switchboard/shared';
import { describe, expect, it } from 'vitest';
import { connectionToForm, emptyConnectionForm, formToPayload } from './connectionFormValues';
import { widgetSnippet } from './WebchatSection';

describe('web chat settings in the connection form', () => {
  it('sends the widget settings for a web chat connection only', () => {
    const webchat = { ...emptyConnectionForm(), name: 'Site', channel: 'webchat' as const };
    webchat.webchat = { allowedSites: ['https://shop.example.com'], color: '#aa3300', askContact: true };
    expect(formToPayload(webchat, 'create')).toMatchObject({ channel: 'webchat', webchat: webchat.webchat });
    const whatsapp = { ...emptyConnectionForm(), name: 'Phone' };
    expect(formToPayload(whatsapp, 'create')).not.toHaveProperty('webchat');
  });

  it('loads them from the connection, and writes the script tag with its public key', () => {
    const settings = { publicKey: 'wc_0123456789abcdef01234567', allowedSites: ['https://a.example'], color: '#000000', askContact: false };
    const form = connectionToForm({ ...emptyConnectionForm(), id: 3, channel: 'webchat', webchat: settings } as unknown as ConnectionDTO);
    expect(form.webchat).toEqual({ allowedSites: ['https://a.example'], color: '#000000', askContact: false });
    expect(widgetSnippet('https://support.example', settings.publicKey)).toBe(
      '<script src="https://support.example/widget.js" data-channel="wc_0123456789abcdef01234567" async></script>',
    );
  });
});
