import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFetchMock } from '../../../test/fetchMock';
import { messageFixture, userFixture } from '../../../test/fixtures';
import { cleanUpAfterEach, renderWithProviders, screen, signIn, WhenSignedIn } from '../../../test/renderWithProviders';
import { MessageOptionsMenu } from './MessageOptionsMenu';

cleanUpAfterEach();

async function optionsOf(me: { id: number; profile: 'admin' | 'user' }, note: { userId: number }) {
  installFetchMock(signIn(userFixture(me)));
  renderWithProviders(
    <WhenSignedIn>
      <div data-testid="signed-in">
        <MessageOptionsMenu message={messageFixture({ id: 'n1', fromMe: true, isPrivate: true, userId: note.userId })} onReply={() => undefined} canReply={false} />
      </div>
    </WhenSignedIn>,
  );
  await screen.findByTestId('signed-in');
  const options = screen.queryByTestId('message-options');
  if (!options) return [];
  await userEvent.setup().click(options);
  return screen.queryAllByRole('menuitem').map((item) => item.getAttribute('data-testid'));
}

describe('MessageOptionsMenu', () => {
  it("offers its author to withdraw a private note (the server's message.delete)", async () => {
    expect(await optionsOf({ id: 2, profile: 'user' }, { userId: 2 })).toContain('message-delete');
  });

  it('an admin withdraws anyone’s note', async () => {
    expect(await optionsOf({ id: 1, profile: 'admin' }, { userId: 2 })).toContain('message-delete');
  });

  it('another attendant is offered nothing on a colleague’s note', async () => {
    expect(await optionsOf({ id: 3, profile: 'user' }, { userId: 2 })).toEqual([]);
  });
});
