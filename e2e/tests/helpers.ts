import { expect, type Locator, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@e2e.local', password: 'e2e-admin-pass' };

/** Sign in through the login form and wait for the signed-in shell (the page's toasts are noted). */
export async function login(page: Page, email: string, password: string): Promise<void> {
  await recordToasts(page);
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('greeting')).toBeVisible();
}

export async function logout(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/login$/);
}

/** A unique suffix so reruns against the same data never collide. */
export function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

type ToastWindow = Window & { __shownToasts?: string[] };

/** Runs in the page: notes every toast as it appears ("toast-success:Saved"). */
function noteToasts(): void {
  const w = window as ToastWindow;
  if (w.__shownToasts) return;
  const shown: string[] = (w.__shownToasts = []);
  const noted = new WeakSet<Element>();
  const scan = () => {
    for (const el of document.querySelectorAll('[data-testid="toast-area"] > [data-testid^="toast-"]')) {
      if (noted.has(el)) continue;
      noted.add(el);
      shown.push(`${el.getAttribute('data-testid')}:${el.textContent ?? ''}`);
    }
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * Toasts close by themselves after 3 s, and on a busy machine a check can start later than that.
 * Every toast a page shows from now on is noted, so `expectToast` asks whether it appeared.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(noteToasts);
  await page.evaluate(noteToasts);
}

/** Waits until the page has shown a toast of this kind with this text (each shown toast counts once). */
export async function expectToast(page: Page, text: string, kind: 'success' | 'error' | 'info' = 'success'): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          ([prefix, wanted]) => {
            const shown = (window as ToastWindow).__shownToasts ?? [];
            const at = shown.findIndex((entry) => entry.startsWith(prefix) && entry.includes(wanted));
            if (at < 0) return false;
            shown.splice(at, 1);
            return true;
          },
          [`toast-${kind}:`, text] as const,
        ),
      { message: `a ${kind} toast saying "${text}"` },
    )
    .toBe(true);
}

/**
 * Accepts a ticket from its list item. A ticket still without sector asks for one of the user's
 * sectors first (when sectors exist): the first one offered is taken.
 */
export async function acceptTicket(page: Page, item: Locator): Promise<void> {
  await item.locator('[data-testid^="ticket-accept-"]').click();
  const acceptDialog = page.getByTestId('accept-dialog');
  await expect(acceptDialog.or(page.getByTestId('chat-pane'))).toBeVisible();
  if (await acceptDialog.isVisible()) {
    const sector = acceptDialog.getByRole('combobox');
    if (await sector.isVisible()) {
      await sector.click();
      await page.getByRole('option').first().click();
    }
    await acceptDialog.getByTestId('accept-start').click();
  }
  await expect(page).toHaveURL(/\/tickets\/\d+$/);
}
