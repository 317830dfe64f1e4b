import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { MessagePreview } from './MessagePreview';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

/** Emoji render as boxes without an emoji font: a preview must show none. */
const EMOJI = /\p{Extended_Pictographic}/u;

describe('MessagePreview', () => {
  it.each([
    ['en', '📞 voice', 'Voice call'],
    ['pt', '📞 video', 'Chamada de vídeo'],
    ['es', '📞 voice', 'Llamada de voz'],
    ['pt', '📷', 'Foto'],
    ['es', '🎤', 'Audio'],
  ] as const)('in %s shows %s as an icon and "%s"', async (language, preview, words) => {
    await i18n.changeLanguage(language);
    const { container } = render(<MessagePreview preview={preview} />);
    expect(container.textContent).toBe(words);
    expect(container.textContent).not.toMatch(EMOJI);
    expect(screen.getByTestId('preview-kind-icon')).toBeTruthy();
  });

  it('keeps the text of a photo with a caption and of a plain message (formatting markers removed)', () => {
    const photo = render(<MessagePreview preview="📷 the receipt" />);
    expect(photo.container.textContent).toBe('the receipt');
    photo.unmount();
    const { container } = render(<MessagePreview preview="*Hello* there" />);
    expect(container.textContent).toBe('Hello there');
    expect(screen.queryByTestId('preview-kind-icon')).toBeNull();
  });
});
