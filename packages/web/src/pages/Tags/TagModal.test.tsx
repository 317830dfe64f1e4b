import { fireEvent, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, installFetchMock } from '../../test/fetchMock';
import { userFixture } from '../../test/fixtures';
import { cleanUpAfterEach, helperOf, renderSignedInModal, screen, signIn } from '../../test/renderWithProviders';
import { pickerValue } from './ColorField';
import { TagModal } from './TagModal';
import i18n from '../../i18n';

const admin = userFixture({ id: 1, profile: 'admin' });

function renderModal(tagId: number | null = null) {
  return renderSignedInModal((onClose) => <TagModal tagId={tagId} onClose={onClose} />);
}

cleanUpAfterEach();

describe('TagModal (spec §5 Tag)', () => {
  it.each([
    ['en', 'Required', 'Too Short!'],
    ['pt', 'Obrigatório', 'Mensagem muito curta'],
    ['es', 'Obligatorio', '¡Demasiado corto!'],
  ] as const)('in %s says %s for an empty name and %s under 3 characters', async (language, required, tooShort) => {
    await i18n.changeLanguage(language);
    try {
      const user = userEvent.setup();
      const { calls } = installFetchMock(signIn(admin));
      renderModal();
      await user.click(await screen.findByTestId('tag-modal-submit'));
      await waitFor(() => expect(helperOf('tag-name')).toBe(required));
      await user.type(screen.getByTestId('tag-name'), 'ab');
      await waitFor(() => expect(helperOf('tag-name')).toBe(tooShort));
      expect(calls.filter((c) => c.path === '/api/tags')).toHaveLength(0);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('saves the colour as # + lower-case hex with the current user id, after the submit delay', async () => {
    const user = userEvent.setup();
    const saved = { id: 4, name: 'VIP', color: '#a0b1c2', userId: 1, contactsCount: 0, createdAt: '', updatedAt: '' };
    const { callsTo } = installFetchMock({ ...signIn(admin), 'POST /api/tags': () => json(201, saved) });
    const { onClose } = renderModal();
    await user.type(await screen.findByTestId('tag-name'), 'VIP');
    const color = screen.getByTestId('tag-color');
    await user.clear(color);
    await user.type(color, 'A0B1C2');
    await user.click(screen.getByTestId('tag-modal-submit'));
    await waitFor(() => expect(callsTo('POST /api/tags')).toHaveLength(1));
    expect(callsTo('POST /api/tags')[0].body).toEqual({ name: 'VIP', color: '#a0b1c2', userId: 1 });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Tag saved successfully!')).toBeTruthy();
  });

  it('the colour picker (no alpha) writes its hex into the field', async () => {
    installFetchMock(signIn(admin));
    renderModal();
    const picker = await screen.findByTestId<HTMLInputElement>('tag-color-picker');
    expect(picker.type).toBe('color');
    fireEvent.input(picker, { target: { value: '#112233' } });
    fireEvent.change(picker, { target: { value: '#112233' } });
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('tag-color').value).toBe('#112233'));
  });

  it('pickerValue expands #rgb and falls back to black', () => {
    expect(pickerValue('#AbC')).toBe('#aabbcc');
    expect(pickerValue('a0b1c2')).toBe('#a0b1c2');
    expect(pickerValue('red')).toBe('#000000');
  });
});
