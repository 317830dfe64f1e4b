import type { ConnectionDTO } from '@switchboard/shared';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { cleanUpAfterEach, renderWithProviders, screen } from '../../test/renderWithProviders';
import { WebchatFloodNotice } from './WebchatFloodNotice';

cleanUpAfterEach();

const connection = (floodedAt?: string) =>
  ({
    id: 7,
    channel: 'webchat',
    webchat: { publicKey: 'wc_x', allowedSites: [], color: '#000000', askContact: false, ...(floodedAt ? { floodedAt } : {}) },
  }) as unknown as ConnectionDTO;

describe('WebchatFloodNotice', () => {
  it('tells admins a web chat connection is refusing new conversations, in each language', async () => {
    const texts: string[] = [];
    for (const lng of ['en', 'pt', 'es']) {
      await i18n.changeLanguage(lng);
      const { unmount } = renderWithProviders(<WebchatFloodNotice connection={connection(new Date(2026, 0, 2, 14, 5).toISOString())} />);
      const notice = screen.getByTestId('connection-flood-7');
      expect(notice.textContent).toContain('14:05');
      texts.push(notice.textContent ?? '');
      unmount();
    }
    await i18n.changeLanguage('en');
    expect(texts[0]).toMatch(/^Flood: new conversations are being refused/);
    expect(new Set(texts).size).toBe(3);
  });

  it('shows nothing while the connection is not flooded', () => {
    renderWithProviders(<WebchatFloodNotice connection={connection()} />);
    expect(screen.queryByTestId('connection-flood-7')).toBeNull();
  });
});
