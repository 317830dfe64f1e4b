/**
 * The automation end to end (issue 6): an admin configures a simulator connection with a greeting,
 * two sectors, a rating message and a farewell in the Connections screen; a simulated customer
 * gets the numbered menu, picks a sector, and the ticket lands in that sector's attendant's Pending
 * tab; the attendant accepts, replies and resolves; the customer gets the rating question, answers
 * 9 and gets the farewell — the 9 is a rating (stored for the attendant), not a new conversation.
 *
 * The admin signs in once (the customer's phone is a second tab of that session), the attendant
 * once in a context of her own; sectors and the attendant are set up through the API.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADMIN, Api, expectToast, login, phoneNumber, randomColor, signedInPage, simulatorPhone, unique } from './helpers';

const SHOTS = '/tmp/shots';
fs.mkdirSync(SHOTS, { recursive: true });

test("menu → chosen sector's Pending → resolve → rating 9 → farewell", async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  const id = unique();
  await login(page, ADMIN.email, ADMIN.password);
  const api = await Api.of(page);

  // Two sectors, open all day, each with its greeting. The menu lists them by name: Billing, Sales.
  const hours = { startWork: '00:00', endWork: '23:59' };
  const sales = await api.call<{ id: number }>('POST', '/api/queue', {
    name: `Sales ${id}`,
    color: randomColor(),
    greetingMessage: 'Sales here, {{name}}. An attendant will be with you shortly.',
    ...hours,
  });
  await api.call('POST', '/api/queue', { name: `Billing ${id}`, color: randomColor(), greetingMessage: 'Billing here.', ...hours });

  // The Connections screen: a simulator connection with greeting, both sectors, rating and farewell.
  const name = `Auto ${id}`;
  const texts = {
    greeting: 'Hello {{name}}! Choose a sector:',
    rating: 'How would you rate {{user}} from 0 to 10?',
    farewell: 'Thank you, {{name}}. See you soon!',
  };
  await page.getByTestId('menu-connections').click();
  await expect(page).toHaveURL(/\/connections$/);
  await page.getByTestId('connections-add').click();
  const modal = page.getByTestId('connection-modal');
  await modal.getByTestId('connection-name').fill(name);
  await modal.getByTestId('connection-channel').click();
  await page.getByRole('option', { name: 'Simulator' }).click();
  await modal.getByTestId('connection-greetingMessage').fill(texts.greeting);
  await modal.getByTestId('connection-ratingMessage').fill(texts.rating);
  await modal.getByTestId('connection-farewellMessage').fill(texts.farewell);
  await modal.getByTestId('connection-queueIds').click();
  await page.getByRole('option', { name: `Sales ${id}` }).click();
  await page.getByRole('option', { name: `Billing ${id}` }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  const chips = modal.getByTestId('connection-queueIds');
  await expect(chips).toContainText(`Sales ${id}`);
  await expect(chips).toContainText(`Billing ${id}`);
  await expect(modal.getByTestId('connection-ratingMessage')).toHaveValue(texts.rating);
  await modal.getByTestId('connection-ratingMessage').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/automation-1-connection-modal.png` });
  await modal.getByTestId('connection-modal-submit').click();
  await expect(modal).toBeHidden();
  await expectToast(page, 'Connection saved successfully.');
  const row = page.getByTestId('connections-table').getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();

  // What was saved is what the form showed.
  const saved = await api.call<{ id: number; name: string }[]>('GET', '/api/whatsapp');
  const connection = saved.find((c) => c.name === name)!;
  expect(connection).toBeTruthy();
  const stored = await api.call<{ greetingMessage: string; ratingMessage: string; farewellMessage: string; queues: { name: string }[] }>(
    'GET',
    `/api/whatsapp/${connection.id}`,
  );
  expect(stored).toMatchObject({ greetingMessage: texts.greeting, ratingMessage: texts.rating, farewellMessage: texts.farewell });
  expect(stored.queues.map((q) => q.name).sort()).toEqual([`Billing ${id}`, `Sales ${id}`]);

  // The phone scans the QR from the simulator page (a second tab of the admin's session).
  const connectionNumber = phoneNumber('5511');
  const phone = await context.newPage();
  const customerPhone = await simulatorPhone(phone, { name, number: connectionNumber });
  await expect(row.getByTestId('connection-status')).toHaveAttribute('data-status', 'CONNECTED');

  // An attendant of the Sales sector, watching her Pending tab.
  const ana = { name: 'Ana Sales', email: `ana.auto.${id}@e2e.local`, password: 'attendant-pass' };
  const anaUser = await api.call<{ id: number }>('POST', '/api/users', { ...ana, profile: 'user', queueIds: [sales.id] });
  const anaPage = await signedInPage(browser, ana.email, ana.password);
  await anaPage.getByTestId('tab-pending').click();

  // The customer's phone, on this connection.
  const customer = { number: phoneNumber('5521'), name: `Carla ${id}` };
  await customerPhone.writeAs(customer);
  const { send } = customerPhone;
  /** What the connection has sent to the customer's phone, oldest first. */
  const received = async () => {
    const chat = await api.call<{ sender: string; body: string }[]>(
      'GET',
      `/api/simulator/chats/${customer.number}?to=${connectionNumber}`,
    );
    return chat.filter((m) => m.sender === 'connection').map((m) => m.body);
  };

  // "oi" → the connection's greeting with the numbered menu, in name order.
  const menu = `Hello ${customer.name}! Choose a sector:\n\n*1* - Billing ${id}\n*2* - Sales ${id}`;
  await send('oi');
  await expect.poll(received).toEqual([menu]);
  // In the menu the ticket has no sector yet: not in Ana's list.
  await expect(anaPage.getByTestId('tickets-list')).toBeVisible();
  await expect(anaPage.locator('[data-testid^="ticket-item-"]').filter({ hasText: customer.name })).toHaveCount(0);

  // A number outside the menu repeats it.
  await send('7');
  await expect.poll(received).toEqual([menu, menu]);

  // "2" picks Sales: its greeting, and the ticket appears live in Ana's Pending tab.
  await send('2');
  const salesGreeting = `Sales here, ${customer.name}. An attendant will be with you shortly.`;
  await expect.poll(received).toEqual([menu, menu, salesGreeting]);
  const item = anaPage.locator('[data-testid^="ticket-item-"]').filter({ hasText: customer.name });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('data-status', 'pending');
  await expect(item.getByTestId('badge-sector')).toHaveText(`Sales ${id}`);
  await anaPage.screenshot({ path: `${SHOTS}/automation-2-pending.png` });

  // Ana accepts, replies and resolves.
  await item.getByRole('button', { name: 'Accept' }).click();
  await expect(anaPage).toHaveURL(/\/tickets\/\d+$/);
  const ticketId = Number(anaPage.url().split('/').pop());
  const composer = anaPage.getByTestId('composer-input');
  await expect(composer).toBeEnabled();
  await composer.fill('Your order ships tomorrow.');
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  const rating = `How would you rate ${ana.name} from 0 to 10?`;
  const reply = `*${ana.name}:*\nYour order ships tomorrow.`;
  await expect.poll(received).toContain(reply);
  await anaPage.getByTestId('chat-header').getByRole('button', { name: 'Resolve' }).click();
  await expect(anaPage).toHaveURL(/\/tickets$/);

  // The customer's phone gets the rating question; "9" is answered with the farewell.
  await expect.poll(async () => (await received()).at(-1)).toBe(rating);
  await send('9');
  const farewell = `Thank you, ${customer.name}. See you soon!`;
  await expect.poll(async () => (await received()).at(-1)).toBe(farewell);
  await expect(phone.getByTestId('simulator-messages').getByText(farewell)).toBeVisible();
  await phone.screenshot({ path: `${SHOTS}/automation-3-customer-phone.png` });

  // The 9 was the rating of the resolved ticket, not a new conversation: Ana's Pending tab stays
  // empty of this customer, and the customer has this one ticket, closed, with the 9 in its chat.
  await anaPage.getByTestId('tab-pending').click();
  await expect(anaPage.getByTestId('tickets-list')).toBeVisible();
  await expect(anaPage.locator('[data-testid^="ticket-item-"]').filter({ hasText: customer.name })).toHaveCount(0);
  await anaPage.getByTestId('tab-closed').click();
  const closed = anaPage.getByTestId(`ticket-item-${ticketId}`);
  await expect(closed).toHaveAttribute('data-status', 'closed');
  await closed.click();
  const chat = anaPage.getByTestId('chat-pane');
  await expect(chat.locator('[data-from-me="false"]').getByTestId('message-text').filter({ hasText: /^9$/ })).toBeVisible();
  await expect(chat.locator('[data-from-me="true"]').filter({ hasText: farewell })).toBeVisible();
  await anaPage.screenshot({ path: `${SHOTS}/automation-4-closed-chat.png` });

  // Every ticket of this customer, any status (a sectorless one would not show in Ana's lists).
  const { tickets } = await api.call<{ tickets: { id: number; status: string; contact: { number: string } }[] }>(
    'GET',
    `/api/tickets?showAll=true&searchParam=${customer.number}`,
  );
  expect(tickets.filter((t) => t.contact.number === customer.number).map((t) => [t.id, t.status])).toEqual([[ticketId, 'closed']]);

  // The rating is stored for the ticket's attendant (the dashboard's per-attendant figures).
  const dash = await api.call<{ attendants: string }>('GET', `/api/dashboard?days=1&userId=${anaUser.id}`);
  const attendants = JSON.parse(dash.attendants) as { id: number; rating: number | null; countRating: number }[];
  expect(attendants.find((a) => a.id === anaUser.id)).toMatchObject({ rating: 9, countRating: 1 });

  // Everything the customer's phone received, in order: nothing answered the 9 but the farewell.
  expect(await received()).toEqual([menu, menu, salesGreeting, reply, rating, farewell]);
  await anaPage.context().close();
});
