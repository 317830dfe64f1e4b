/**
 * The contact form closes the number exactly when the server would refuse to change it (shared
 * canChangeContactNumber): an attendant sees it read-only, with the reason, for a contact with an
 * open ticket, and can still rename that contact; a contact without tickets keeps it editable.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, login, unique } from './helpers';

test('an attendant cannot type a number the server would refuse, and saves the rest', async ({ page, request }) => {
  const admin = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  const headers = { Authorization: `Bearer ${((await admin.json()) as { token: string }).token}` };
  const call = async <T>(method: 'POST' | 'PUT', url: string, data: unknown): Promise<T> => {
    const res = await request.fetch(url, { method, data, headers });
    expect([200, 201], `${method} ${url}: ${await res.text()}`).toContain(res.status());
    return (await res.json()) as T;
  };
  const id = unique();
  const sector = await call<{ id: number }>('POST', '/api/queue', {
    name: `Numbers ${id}`,
    color: `#${Math.floor(Math.random() * 0xffffff)
      .toString(16)
      .padStart(6, '0')}`,
  });
  const ana = { name: 'Ana Numbers', email: `ana.numbers.${id}@e2e.local`, password: 'attendant-pass' };
  const anaUser = await call<{ id: number }>('POST', '/api/users', {
    ...ana,
    profile: 'user',
    queueIds: [sector.id],
    startWork: '00:00',
    endWork: '23:59',
  });
  const connection = await call<{ id: number }>('POST', '/api/whatsapp', {
    name: `Sim ${id}`,
    channel: 'simulator',
    queueIds: [sector.id],
  });
  const digits = () => `5531${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const talking = await call<{ id: number; number: string }>('POST', '/api/contacts', { name: `Open Talk ${id}`, number: digits() });
  const fresh = await call<{ id: number }>('POST', '/api/contacts', { name: `Fresh ${id}`, number: digits() });
  await call('POST', '/api/tickets', {
    contactId: talking.id,
    queueId: sector.id,
    userId: anaUser.id,
    whatsappId: connection.id,
    status: 'open',
  });

  await login(page, ana.email, ana.password);
  await page.goto('/contacts');
  await page.getByTestId('contacts-search').fill(id);

  await page.getByTestId(`contact-edit-${talking.id}`).click();
  const number = page.getByTestId('contact-number');
  await expect(page.getByTestId('contact-name')).toHaveValue(`Open Talk ${id}`);
  await expect(number).toBeDisabled();
  await expect(page.getByTestId('contact-modal')).toContainText(
    'Only an administrator can change the number while a conversation is open or pending',
  );
  await page.screenshot({ path: `test-results/contact-number-locked.png` });
  await page.getByTestId('contact-name').fill(`Open Talk Renamed ${id}`);
  await page.getByTestId('contact-modal-submit').click();
  await expect(page.getByTestId('contact-modal')).toBeHidden();
  await expect(page.getByTestId(`contact-row-${talking.id}`)).toContainText(`Open Talk Renamed ${id}`);

  await page.getByTestId(`contact-edit-${fresh.id}`).click();
  await expect(page.getByTestId('contact-name')).toHaveValue(`Fresh ${id}`);
  await expect(page.getByTestId('contact-number')).toBeEnabled();
});
