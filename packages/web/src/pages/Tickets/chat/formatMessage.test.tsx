import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMessage, plainText } from './formatMessage';

const renderText = (text: string) => render(<div data-testid="out">{formatMessage(text)}</div>).getByTestId('out');

afterEach(cleanup);

describe('message formatting', () => {
  it('converts *bold* and ~strikethrough~', () => {
    const out = renderText('Hello *World* and ~old~ price');
    expect(out.querySelector('strong')?.textContent).toBe('World');
    expect(out.querySelector('s')?.textContent).toBe('old');
    expect(out.textContent).toBe('Hello World and old price');
  });

  it('opens http, https, mailto and tel links in a new tab', () => {
    const out = renderText('See https://example.com/a?b=1, write mailto:a@b.c or call tel:+5511999');
    const links = [...out.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/a?b=1', 'mailto:a@b.c', 'tel:+5511999']);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toContain('noopener');
    }
  });

  it('never links other schemes', () => {
    const out = renderText('javascript:alert(1) data:text/html,x');
    expect(out.querySelector('a')).toBeNull();
    expect(out.textContent).toBe('javascript:alert(1) data:text/html,x');
  });

  it('renders HTML as text, never as markup', () => {
    const attack = '<img src=x onerror=alert(1)> <script>alert(2)</script> *<b>x</b>*';
    const out = renderText(attack);
    expect(out.querySelector('img')).toBeNull();
    expect(out.querySelector('script')).toBeNull();
    expect(out.querySelector('b')).toBeNull();
    expect(out.textContent).toBe('<img src=x onerror=alert(1)> <script>alert(2)</script> <b>x</b>');
  });

  it('keeps single markers and line breaks as typed', () => {
    const out = renderText('2 * 3 = 6\n~ approx');
    expect(out.querySelector('strong')).toBeNull();
    expect(out.textContent).toBe('2 * 3 = 6\n~ approx');
  });

  it('previews drop the markers but keep the words', () => {
    expect(plainText('O *plano anual* e ~mensal~ hoje')).toBe('O plano anual e mensal hoje');
    expect(plainText('2 * 3 = 6')).toBe('2 * 3 = 6');
  });
});
