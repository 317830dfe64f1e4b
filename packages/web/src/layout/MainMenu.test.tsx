import { describe, expect, it } from 'vitest';
import { installFetchMock } from '../test/fetchMock';
import { userFixture } from '../test/fixtures';
import { cleanUpAfterEach, renderWithProviders, screen, signIn, WhenSignedIn } from '../test/renderWithProviders';
import { MainMenu } from './MainMenu';

cleanUpAfterEach();

describe('MainMenu', () => {
  it('leads an admin to the API instructions, the API documentation and the API key', async () => {
    installFetchMock({ ...signIn(userFixture({ profile: 'admin' })) });
    renderWithProviders(
      <WhenSignedIn>
        <MainMenu open />
      </WhenSignedIn>,
    );
    expect((await screen.findByTestId('menu-api')).getAttribute('href')).toBe('/api');
    expect(screen.getByTestId('menu-apidocs').getAttribute('href')).toBe('/apidocs');
    expect(screen.getByTestId('menu-apikey').getAttribute('href')).toBe('/apikey');
    expect(screen.getByTestId('menu-apikey').textContent).toBe('API key');
  });

  it('shows no API entries to an attendant (the API key page is for admins only)', async () => {
    installFetchMock({ ...signIn(userFixture({ id: 2, profile: 'user' })) });
    renderWithProviders(
      <WhenSignedIn>
        <MainMenu open />
      </WhenSignedIn>,
    );
    await screen.findByTestId('menu-tags');
    expect(screen.queryByTestId('menu-api')).toBeNull();
    expect(screen.queryByTestId('menu-apikey')).toBeNull();
  });
});
