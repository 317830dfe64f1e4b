import net from 'node:net';
import { expect, type APIRequestContext, type Browser, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import {
  AUTH_ROUTES,
  CONNECTION_ROUTES,
  SIMULATOR_ROUTES,
  requestOf,
  type InputArg,
  type RouteAnswer,
  type RouteDef,
  type RouteInput,
} from '@switchboard/shared';

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

/** A phone number no run repeats: `prefix` (country and area code) and nine random digits. */
export function phoneNumber(prefix: string): string {
  return `${prefix}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/** Sector colours are unique: a random one per run. */
export const randomColor = () =>
  `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;

/** A TCP port free on this machine now (for a server process a spec starts itself). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The API as one signed-in user: set-up and checks the browser need not click through. */
export class Api {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  /** Signs in through the API (as the login form does, and rate-limited the same way). */
  static async login(request: APIRequestContext, email: string, password: string): Promise<Api> {
    const req = requestOf(AUTH_ROUTES.login, { body: { email, password } });
    const res = await request.post(`/api${req.path}`, { data: req.body });
    expect(res.status(), `login ${email}: ${await res.text()}`).toBe(200);
    return new Api(request, ((await res.json()) as { token: string }).token);
  }

  /** The session of a page already signed in (the token the app keeps in localStorage). */
  static async of(page: Page): Promise<Api> {
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token, 'the page is signed in').toBeTruthy();
    return new Api(page.request, token!);
  }

  /** The answer as it is, whatever its status. */
  raw(method: Method, url: string, data?: unknown, headers: Record<string, string> = {}) {
    return this.request.fetch(url, { method, data, headers: { Authorization: `Bearer ${this.token}`, ...headers } });
  }

  /**
   * A route of the shared table (@switchboard/shared ROUTES): `api.route(CONTACT_ROUTES.update,
   * { params: { id }, body })`. The path, its parameters and the body are checked by the typecheck
   * (`npm run typecheck:tests`), the answer is the route's type; any status but the route's own
   * success fails the test with the body.
   */
  async route<R extends RouteDef>(def: R, ...[input]: InputArg<R>): Promise<RouteAnswer<R>> {
    const req = requestOf<RouteDef>(def, input as RouteInput<RouteDef>);
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined && v !== null) query.set(k, String(v));
    const url = `/api${req.path}${query.size ? `?${query.toString()}` : ''}`;
    const res = await this.raw(req.method, url, req.body);
    expect(res.status(), `${req.method} ${url}: ${await res.text()}`).toBe(def.status ?? 200);
    return (res.status() === 204 ? undefined : await res.json()) as RouteAnswer<R>;
  }

  /** The answer's JSON; any status but `expected` fails the test with the body (paths the table does not hold, or wrong on purpose). */
  async call<T>(method: Method, url: string, data?: unknown, expected = [200, 201]): Promise<T> {
    const res = await this.raw(method, url, data);
    expect(expected, `${method} ${url}: ${res.status()} ${await res.text()}`).toContain(res.status());
    return (await res.json()) as T;
  }
}

/**
 * A person of their own (a new browser context) signed in through the form, on `path`; the tickets
 * screen waits for its list. `options` shape the context; `watch` sees the page before it loads.
 */
export async function signedInPage(
  browser: Browser,
  email: string,
  password: string,
  { path = '/tickets', options = {}, watch }: { path?: string; options?: BrowserContextOptions; watch?: (page: Page) => void } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', ...options });
  const page = await context.newPage();
  watch?.(page);
  await login(page, email, password);
  await page.goto(path);
  if (path === '/tickets') await expect(page.getByTestId('tickets-list-pane')).toBeVisible();
  return page;
}

/** Pairs a simulator connection through the API: the phone `number` scans its QR code. */
export async function pairSimulator(api: Api, connectionId: number, number: string): Promise<void> {
  let qrcode = '';
  await expect
    .poll(async () => {
      const c = await api.route(CONNECTION_ROUTES.show, { params: { id: connectionId } });
      qrcode = c.qrcode;
      return c.status;
    })
    .toBe('qrcode');
  await api.route(SIMULATOR_ROUTES.scan, { body: { qrcode, number } });
  await expect.poll(async () => (await api.route(CONNECTION_ROUTES.show, { params: { id: connectionId } })).status).toBe('CONNECTED');
}

/**
 * The simulator page (a page of an admin's session) as phones: the connection's phone `number`
 * scans the QR code of connection `name`, then a customer writes to it. `send` waits for each
 * message to show on the customer's phone.
 */
export async function simulatorPhone(phone: Page, connection: { name: string; number: string }) {
  await phone.goto('/simulator');
  const pendingQr = phone
    .getByTestId('simulator-pending')
    .locator('[data-testid^="simulator-pending-"]')
    .filter({ hasText: connection.name });
  await pendingQr.getByLabel('Number (optional)').fill(connection.number);
  await pendingQr.getByRole('button', { name: 'Scan' }).click();
  return {
    /** The customer who writes from now on. */
    writeAs: async (customer: { number: string; name: string }): Promise<void> => {
      await phone.getByTestId('simulator-connection').click();
      await phone.getByRole('option', { name: `${connection.name} · +${connection.number}` }).click();
      await phone.getByTestId('simulator-customer-number').fill(customer.number);
      await phone.getByTestId('simulator-customer-name').fill(customer.name);
    },
    send: async (text: string): Promise<void> => {
      await phone.getByTestId('simulator-text').fill(text);
      await phone.getByTestId('simulator-send').click();
      await expect(
        phone.getByTestId('simulator-messages').locator('[data-sender="customer"]').filter({ hasText: text }).last(),
      ).toBeVisible();
    },
  };
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
