/**
 * The tickets screen end to end: a simulated customer writes, the attendant of the connection's
 * sector sees it live in Pending, accepts, replies (the customer's phone receives it and the acks
 * advance), sees the customer's deletion, transfers to another sector (it leaves their list and the
 * other sector's attendant, who never saw it before, gets it) and that attendant resolves it.
 * Everything is set up through the API; each person signs in once (login is rate-limited).
 */
import { expect, test } from '@playwright/test';
import { ADMIN, Api, pairSimulator, phoneNumber, randomColor, signedInPage, unique } from './helpers';

test('a customer message is handled live from Pending to Closed, visible only to its sector', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const api = await Api.login(request, ADMIN.email, ADMIN.password);
  const id = unique();
  const hours = { startWork: '00:00', endWork: '23:59' };
  const sectorA = await api.call<{ id: number }>('POST', '/api/queue', { name: `Sales ${id}`, color: randomColor(), ...hours });
  const sectorB = await api.call<{ id: number }>('POST', '/api/queue', { name: `Billing ${id}`, color: randomColor(), ...hours });
  const password = 'attendant-pass';
  const ana = { name: 'Ana Sales', email: `ana.${id}@e2e.local` };
  const bruno = { name: 'Bruno Billing', email: `bruno.${id}@e2e.local` };
  await api.call('POST', '/api/users', { ...ana, password, profile: 'user', queueIds: [sectorA.id] });
  await api.call('POST', '/api/users', { ...bruno, password, profile: 'user', queueIds: [sectorB.id] });

  // A simulator connection in sector A, paired like a phone scanning its QR.
  const connectionNumber = phoneNumber('5511');
  const connection = await api.call<{ id: number }>('POST', '/api/whatsapp', {
    name: `Sim ${id}`,
    channel: 'simulator',
    queueIds: [sectorA.id],
  });
  await pairSimulator(api, connection.id, connectionNumber);

  const anaPage = await signedInPage(browser, ana.email, password);
  const brunoPage = await signedInPage(browser, bruno.email, password);
  await anaPage.getByTestId('tab-pending').click();

  // The customer writes: the ticket appears live in Ana's Pending tab with its unread badge.
  const customer = { number: phoneNumber('5521'), name: `Carla ${id}` };
  const first = await api.call<{ id: string }>('POST', '/api/simulator/messages', {
    from: customer.number,
    to: connectionNumber,
    name: customer.name,
    body: 'Hello, I need *help* with my order',
  });
  const item = anaPage.locator('[data-testid^="ticket-item-"]').filter({ hasText: customer.name });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('ticket-unread')).toContainText('1');
  await expect(item).toHaveAttribute('data-status', 'pending');
  await expect(anaPage.getByTestId('count-pending')).not.toHaveText('');

  // Bruno (another sector) never sees it.
  for (const tab of ['tab-pending', 'tab-open']) {
    await brunoPage.getByTestId(tab).click();
    await expect(brunoPage.getByTestId('tickets-list')).toBeVisible();
    await expect(brunoPage.getByText(customer.name)).toHaveCount(0);
  }

  // Accept: the chat opens with the customer's message, bold rendered.
  await item.getByRole('button', { name: 'Accept' }).click();
  await expect(anaPage).toHaveURL(/\/tickets\/\d+$/);
  const ticketId = Number(anaPage.url().split('/').pop());
  await expect(anaPage.getByTestId('chat-contact-name')).toHaveText(customer.name);
  const customerBubble = anaPage.getByTestId(`chat-pane`).locator('[data-from-me="false"]').filter({ hasText: 'Hello, I need' });
  await expect(customerBubble.locator('strong')).toHaveText('help');

  // Reply: the customer's phone receives it (signed), and the bubble reaches the double check.
  const composer = anaPage.getByTestId('composer-input');
  await expect(composer).toBeEnabled();
  await composer.fill('sure, let me check');
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  const reply = anaPage.locator('[data-from-me="true"]').filter({ hasText: 'Sure, let me check' });
  await expect(reply).toBeVisible();
  await expect
    .poll(async () => {
      const chat = await api.call<{ sender: string; body: string }[]>(
        'GET',
        `/api/simulator/chats/${customer.number}?to=${connectionNumber}`,
      );
      return chat.filter((m) => m.sender === 'connection').map((m) => m.body);
    })
    .toContain(`*${ana.name}:*\nSure, let me check`);
  await expect(reply.locator('[data-testid="ack-2"], [data-testid="ack-3"], [data-testid="ack-4"]')).toBeVisible();

  // The customer deletes their message for everyone: staff still read it, marked as deleted.
  await api.call('POST', `/api/simulator/messages/${first.id}/revoke`);
  await expect(customerBubble.getByTestId('message-deleted')).toHaveText('Message deleted by the customer');

  // A burst from the customer while the chat is open: the chat follows to the newest message.
  for (let n = 1; n <= 25; n++) {
    await api.call('POST', '/api/simulator/messages', {
      from: customer.number,
      to: connectionNumber,
      name: customer.name,
      body: `burst line ${n}`,
    });
  }
  await expect(anaPage.getByTestId('chat-pane').locator('[data-from-me="false"]').filter({ hasText: 'burst line 25' })).toBeInViewport();

  // Transfer to sector B: it leaves Ana's list; Bruno gets it in Pending.
  await anaPage.getByTestId('ticket-options').click();
  await anaPage.getByTestId('ticket-transfer').click();
  const dialog = anaPage.getByTestId('transfer-dialog');
  await dialog.getByLabel('Sector').click();
  await anaPage.getByRole('option', { name: `Billing ${id}` }).click();
  await dialog.getByTestId('transfer-submit').click();
  await expect(anaPage).toHaveURL(/\/tickets$/);
  await anaPage.getByTestId('tab-open').click();
  await expect(anaPage.getByTestId(`ticket-item-${ticketId}`)).toHaveCount(0);
  await anaPage.getByTestId('tab-pending').click();
  await expect(anaPage.getByTestId(`ticket-item-${ticketId}`)).toHaveCount(0);

  await brunoPage.getByTestId('tab-pending').click();
  const brunoItem = brunoPage.getByTestId(`ticket-item-${ticketId}`);
  await expect(brunoItem).toBeVisible();

  // Bruno accepts and resolves: the ticket is in his Closed tab.
  await brunoItem.getByRole('button', { name: 'Accept' }).click();
  await expect(brunoPage).toHaveURL(new RegExp(`/tickets/${ticketId}$`));
  await brunoPage.getByTestId('chat-header').getByRole('button', { name: 'Resolve' }).click();
  await expect(brunoPage).toHaveURL(/\/tickets$/);
  await brunoPage.getByTestId('tab-closed').click();
  await expect(brunoPage.getByTestId(`ticket-item-${ticketId}`)).toBeVisible();
  await expect(brunoPage.getByTestId(`ticket-item-${ticketId}`)).toHaveAttribute('data-status', 'closed');
});
