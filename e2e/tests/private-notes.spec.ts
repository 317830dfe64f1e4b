/**
 * Private notes and mentions in the browser: an attendant writes an internal note naming a
 * colleague of another sector (picked from the @ list); the note shows as internal and never
 * reaches the customer's phone; the colleague's bell lists the mention live, opens the ticket they
 * could not see before, and answers with a note of their own.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, Api, pairSimulator, phoneNumber, randomColor, signedInPage, unique } from './helpers';

test('a private note mentions a colleague, who is notified and may open the ticket', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await Api.login(request, ADMIN.email, ADMIN.password);
  const id = unique();
  const hours = { startWork: '00:00', endWork: '23:59' };
  const sales = await admin.call<{ id: number }>('POST', '/api/queue', { name: `Sales ${id}`, color: randomColor(), ...hours });
  const billing = await admin.call<{ id: number }>('POST', '/api/queue', { name: `Billing ${id}`, color: randomColor(), ...hours });
  const password = 'attendant-pass';
  const ana = { name: `Ana ${id}`, email: `ana.notes.${id}@e2e.local` };
  const bruno = { name: `Bruno ${id}`, email: `bruno.notes.${id}@e2e.local` };
  await admin.call('POST', '/api/users', { ...ana, password, profile: 'user', queueIds: [sales.id] });
  await admin.call('POST', '/api/users', { ...bruno, password, profile: 'user', queueIds: [billing.id] });

  const connectionNumber = phoneNumber('5511');
  const connection = await admin.call<{ id: number }>('POST', '/api/whatsapp', {
    name: `Notes ${id}`,
    channel: 'simulator',
    queueIds: [sales.id],
  });
  await pairSimulator(admin, connection.id, connectionNumber);

  // A customer writes; Ana accepts the ticket.
  const customer = { number: phoneNumber('5521'), name: `Customer ${id}` };
  await admin.call('POST', '/api/simulator/messages', {
    from: customer.number,
    to: connectionNumber,
    name: customer.name,
    body: 'Is my invoice paid?',
  });
  const anaApi = await Api.login(request, ana.email, password);
  let ticketId = 0;
  await expect
    .poll(async () => {
      const list = await anaApi.call<{ tickets: { id: number; contact: { name: string } }[] }>('GET', '/api/tickets?status=pending');
      ticketId = list.tickets.find((t) => t.contact.name === customer.name)?.id ?? 0;
      return ticketId;
    })
    .toBeGreaterThan(0);
  await anaApi.call('PUT', `/api/tickets/${ticketId}`, { status: 'open' });

  const brunoPage = await signedInPage(browser, bruno.email, password);
  const anaPage = await signedInPage(browser, ana.email, password, { path: `/tickets/${ticketId}` });
  await expect(anaPage.getByTestId('chat-contact-name')).toHaveText(customer.name);

  // Ana switches to a private note and picks Bruno from the @ list.
  await anaPage.getByTestId('composer-note-toggle').click();
  await expect(anaPage.getByTestId('composer')).toHaveAttribute('data-note-mode', 'true');
  const input = anaPage.getByTestId('composer-input');
  await input.fill('Billing knows this one, @Bru');
  await anaPage.getByTestId('mention-list').getByText(bruno.name).click();
  await expect(input).toHaveValue(`Billing knows this one, @${bruno.name} `);
  await input.press('Enter');
  const note = anaPage.locator('[data-private="true"]').filter({ hasText: 'Billing knows this one' });
  await expect(note).toBeVisible();
  await expect(note.getByTestId('private-note-label')).toHaveText(`Private note · ${ana.name}`);

  // Bruno's bell lists the mention live; it opens a ticket of another sector.
  await expect(brunoPage.getByTestId('notifications-bell')).toContainText('1');
  await brunoPage.getByTestId('notifications-bell').click();
  await brunoPage.getByTestId(`mention-notification-${ticketId}`).click();
  await expect(brunoPage).toHaveURL(new RegExp(`/tickets/${ticketId}$`));
  await expect(brunoPage.locator('[data-private="true"]').filter({ hasText: 'Billing knows this one' })).toBeVisible();
  await expect(brunoPage.getByText('Is my invoice paid?')).toBeVisible();
  // He may only read and write notes here: no status action or option the server would refuse.
  await expect(brunoPage.getByTestId('chat-header')).toBeVisible();
  for (const action of ['accept', 'return', 'resolve', 'reopen'])
    await expect(brunoPage.getByTestId(`ticket-${action}-${ticketId}`)).toHaveCount(0);
  await expect(brunoPage.getByTestId('ticket-options')).toHaveCount(0);
  await expect(brunoPage.getByTestId('composer')).toHaveAttribute('data-note-mode', 'true');
  await expect(brunoPage.getByTestId('composer-note-hint')).toHaveText(/You were mentioned on this ticket/);
  await expect(brunoPage.getByTestId('composer-note-toggle')).toHaveCount(0);
  await brunoPage.getByTestId('composer-input').fill('Paid yesterday');
  await brunoPage.getByTestId('composer-input').press('Enter');
  await expect(anaPage.locator('[data-private="true"]').filter({ hasText: 'Paid yesterday' })).toBeVisible();

  // Ana replies to the customer; the phone receives the reply and never the notes.
  await anaPage.getByTestId('composer-note-toggle').click();
  await input.fill('Your invoice is paid');
  await input.press('Enter');
  await expect
    .poll(async () => {
      const chat = await admin.call<{ sender: string; body: string }[]>(
        'GET',
        `/api/simulator/chats/${customer.number}?to=${connectionNumber}`,
      );
      return chat
        .filter((m) => m.sender === 'connection')
        .map((m) => m.body)
        .join('\n');
    })
    .toContain('Your invoice is paid');
  const chat = await admin.call<{ body: string }[]>('GET', `/api/simulator/chats/${customer.number}?to=${connectionNumber}`);
  expect(chat.map((m) => m.body).join('\n')).not.toMatch(/Billing knows|Paid yesterday/);
});
