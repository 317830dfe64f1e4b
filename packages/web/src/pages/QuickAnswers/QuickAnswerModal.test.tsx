import { fireEvent, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, installFetchMock } from '../../test/fetchMock';
import { quickAnswerFixture, userFixture } from '../../test/fixtures';
import { cleanUpAfterEach, helperOf, renderSignedInModal, screen, signIn } from '../../test/renderWithProviders';
import { MESSAGE_MIN_ROWS } from './MessageField';
import { QuickAnswerModal } from './QuickAnswerModal';

const attendant = userFixture({ id: 3, profile: 'user' });
const message = () => screen.getByTestId<HTMLTextAreaElement>('quick-answer-message');

function renderModal() {
  return renderSignedInModal((onClose) => <QuickAnswerModal quickAnswerId={null} onClose={onClose} />);
}

cleanUpAfterEach();

describe('QuickAnswerModal (spec §5 Quick answer)', () => {
  it('shows Required, then Too Short! for a short shortcut and message', async () => {
    const user = userEvent.setup();
    installFetchMock(signIn(attendant));
    renderModal();
    await user.click(await screen.findByTestId('quick-answer-modal-submit'));
    await waitFor(() => expect(helperOf('quick-answer-shortcut')).toBe('Required'));
    expect(helperOf('quick-answer-message')).toBe('Required');
    await user.type(screen.getByTestId('quick-answer-shortcut'), 'h');
    await user.type(message(), 'short');
    await waitFor(() => expect(helperOf('quick-answer-shortcut')).toBe('Too Short!'));
    expect(helperOf('quick-answer-message')).toBe('Too Short!');
  });

  it('has a multiline message of at least 5 rows', async () => {
    installFetchMock(signIn(attendant));
    renderModal();
    await screen.findByTestId('quick-answer-message');
    expect(message().tagName).toBe('TEXTAREA');
    // MUI sizes the textarea itself (jsdom has no layout); its minimum is this constant.
    expect(MESSAGE_MIN_ROWS).toBeGreaterThanOrEqual(5);
  });

  it('the variables picker inserts {{variable}} at the cursor, replacing the selection', async () => {
    const user = userEvent.setup();
    installFetchMock(signIn(attendant));
    renderModal();
    await user.type(await screen.findByTestId('quick-answer-message'), 'Hello , welcome!');

    message().setSelectionRange(6, 6);
    await user.click(screen.getByTestId('variables-picker'));
    await user.click(await screen.findByTestId('variable-firstName'));
    await waitFor(() => expect(message().value).toBe('Hello {{firstName}}, welcome!'));

    // Select "welcome" and replace it.
    const start = message().value.indexOf('welcome');
    message().setSelectionRange(start, start + 'welcome'.length);
    fireEvent.select(message());
    await user.click(screen.getByTestId('variables-picker'));
    await user.click(await screen.findByTestId('variable-protocol'));
    await waitFor(() => expect(message().value).toBe('Hello {{firstName}}, {{protocol}}!'));
  });

  it('saves the trimmed values and closes', async () => {
    const user = userEvent.setup();
    const saved = quickAnswerFixture({ id: 2, shortcut: 'hello', message: 'Hello {{name}}!' });
    const { callsTo } = installFetchMock({ ...signIn(attendant), 'POST /api/quickAnswers': () => json(201, saved) });
    const { onClose } = renderModal();
    await user.type(await screen.findByTestId('quick-answer-shortcut'), ' hello ');
    await user.type(message(), 'Hello {{{{name}}!');
    await user.click(screen.getByTestId('quick-answer-modal-submit'));
    await waitFor(() => expect(callsTo('POST /api/quickAnswers')).toHaveLength(1));
    expect(callsTo('POST /api/quickAnswers')[0].body).toEqual({ shortcut: 'hello', message: 'Hello {{name}}!' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
