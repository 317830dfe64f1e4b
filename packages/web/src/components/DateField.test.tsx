import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { DateField } from './DateField';
import { parseDateText } from './dateText';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField value={value} onChange={setValue} testId="date" label="Date" />
      <output data-testid="iso">{value}</output>
    </>
  );
}

const field = () => screen.getByTestId<HTMLInputElement>('date');

describe('DateField', () => {
  it('shows and reads dates in the language’s order, not the browser’s', async () => {
    await i18n.changeLanguage('pt');
    render(<Harness initial="2026-01-11" />);
    // A text field (a native date input would follow the browser's locale).
    expect(field().type).toBe('text');
    expect(field().value).toBe('11/01/2026');
    expect(field().placeholder).toBe('dd/mm/aaaa');
    fireEvent.change(field(), { target: { value: '02/03/2026' } });
    expect(screen.getByTestId('iso').textContent).toBe('2026-03-02');
  });

  it('reports no date while the text is incomplete or not a calendar date', () => {
    render(<Harness initial="" />);
    fireEvent.change(field(), { target: { value: '31/02/2026' } });
    expect(screen.getByTestId('iso').textContent).toBe('');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(parseDateText('2026-02-28', 'dmy')).toBe('2026-02-28');
    expect(parseDateText('12/25/2026', 'mdy')).toBe('2026-12-25');
  });
});
