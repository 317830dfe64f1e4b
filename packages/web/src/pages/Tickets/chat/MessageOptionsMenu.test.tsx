import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFetchMock } from '../../../test/fetchMock';
import { messageFixture, userFixture } from '../../../test/fixtures';
import { cleanUpAfterEach, renderWithProviders, screen, signIn, WhenSignedIn } from '../../../test/renderWithProviders';
import { canEditMessage, MessageOptionsMenu } from './MessageOptionsMenu';

cleanUpAfterEach();

async function optionsOf(me: { id: number; profile: 'admin' | 'user' }, note: { userId: number }) {
  installFetchMock(signIn(userFixture(me)));
  renderWithProviders(
    <WhenSignedIn>
      <div data-testid="signed-in">
        <MessageOptionsMenu
          message={messageFixture({ id: 'n1', fromMe: true, isPrivate: true, userId: note.userId })}
          onReply={() => undefined}
          canReply={false}
        />
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

describe('MessageOptionsMenu: reactions and edits as the server offers them', () => {
  const actions = { react: true, edit: true, editWindowMinutes: 15 };
  const now = Date.parse('2026-03-10T12:00:00Z');
  const sentAt = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
  const actor = { id: 2, profile: 'user' as const, queueIds: [], allTicket: false };

  it('edits only our own sent text, by its author, inside the window and where the channel edits', () => {
    const mine = messageFixture({ fromMe: true, userId: 2, sendState: 'sent', mediaType: 'chat', createdAt: sentAt(5) });
    expect(canEditMessage(mine, actions, actor, now)).toBe(true);
    expect(canEditMessage({ ...mine, createdAt: sentAt(16) }, actions, actor, now)).toBe(false);
    expect(canEditMessage(mine, { ...actions, edit: false }, actor, now)).toBe(false);
    expect(canEditMessage(mine, undefined, actor, now)).toBe(false);
    expect(canEditMessage({ ...mine, userId: 3 }, actions, actor, now)).toBe(false);
    expect(canEditMessage({ ...mine, sendState: 'pending' }, actions, actor, now)).toBe(false);
    expect(canEditMessage({ ...mine, mediaType: 'image' }, actions, actor, now)).toBe(false);
    expect(canEditMessage({ ...mine, fromMe: false, sendState: 'received' }, actions, actor, now)).toBe(false);
  });

  async function itemsFor(messageActions: typeof actions | undefined) {
    installFetchMock(signIn(userFixture({ id: 2, profile: 'user' })));
    renderWithProviders(
      <WhenSignedIn>
        <div data-testid="signed-in">
          <MessageOptionsMenu
            message={messageFixture({ id: 'c1', fromMe: false, sendState: 'received' })}
            onReply={() => undefined}
            canReply
            actions={messageActions}
          />
        </div>
      </WhenSignedIn>,
    );
    await screen.findByTestId('signed-in');
    await userEvent.setup().click(screen.getByTestId('message-options'));
    return screen.queryAllByRole('menuitem').map((item) => item.getAttribute('data-testid'));
  }

  it("offers React on a customer's message only where the channel has reactions", async () => {
    expect(await itemsFor(actions)).toEqual(['message-reply', 'message-react']);
  });

  it('offers no React where the channel has none (the website widget)', async () => {
    expect(await itemsFor({ ...actions, react: false, edit: false })).toEqual(['message-reply']);
  });
});
