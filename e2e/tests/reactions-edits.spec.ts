/**
 * Reactions and edits round-trip on the simulator, both ways, in a real browser: the attendant
 * reacts to the customer's message and edits their own reply (the customer's phone on the
 * simulator page shows both); the customer reacts and edits on the simulator page and the
 * attendant's chat shows it live — in pt, and the labels in en.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, Api, pairSimulator, phoneNumber, randomColor, signedInPage, unique } from './helpers';

const SHOTS = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: SHOTS ? `${SHOTS}/${name}.png` : test.info().outputPath(`${name}.png`) });
}

interface Msg {
  id: string;
  body: string;
  fromMe: boolean;
}

async function pageIn(browser: Browser, email: string, password: string, language: string, path: string): Promise<Page> {
  return signedInPage(browser, email, password, {
    path, // The language is set once: a later switch (and reload) in the same session is kept.
    watch: (p) => void p.addInitScript((lng) => localStorage.getItem('i18nextLng') ?? localStorage.setItem('i18nextLng', lng), language),
  });
}

/** Opens a bubble's options menu (shown on hover) and picks one of them. */
async function option(page: Page, messageId: string, item: string): Promise<void> {
  const bubble = page.getByTestId(`message-${messageId}`);
  await bubble.hover();
  await bubble.getByTestId('message-options').click();
  await page.getByTestId(item).click();
}

test('reactions and edits travel both ways between the desk and the simulated phone', async ({ browser, request }) => {
  test.setTimeout(420_000);
  const admin = await Api.login(request, ADMIN.email, ADMIN.password);
  const id = unique();
  const sector = await admin.call<{ id: number }>('POST', '/api/queue', {
    name: `React ${id}`,
    color: randomColor(),
    startWork: '00:00',
    endWork: '23:59',
  });
  const attendant = { name: 'Rita React', email: `rita.${id}@e2e.local`, password: 'attendant-pass' };
  await admin.call('POST', '/api/users', { ...attendant, profile: 'user', queueIds: [sector.id] });
  const number = phoneNumber('5511');
  const connectionName = `React line ${id}`;
  const connection = await admin.call<{ id: number }>('POST', '/api/whatsapp', {
    name: connectionName,
    channel: 'simulator',
    queueIds: [sector.id],
  });
  await pairSimulator(admin, connection.id, number);
  const customer = { number: phoneNumber('5521'), name: `Paula ${id}` };
  await admin.call('POST', '/api/simulator/messages', {
    from: customer.number,
    to: number,
    name: customer.name,
    body: 'Meu pedido chegou quebrado',
  });

  const rita = await Api.login(request, attendant.email, attendant.password);
  let ticketId = 0;
  await expect
    .poll(async () => {
      const found = (
        await rita.call<{ tickets: { id: number }[] }>(
          'GET',
          `/api/tickets?status=pending&searchParam=${encodeURIComponent(customer.name)}`,
        )
      ).tickets[0];
      ticketId = found?.id ?? 0;
      return ticketId;
    })
    .toBeGreaterThan(0);
  await rita.call('PUT', `/api/tickets/${ticketId}`, { status: 'open' });
  const reply = await rita.call<Msg>('POST', `/api/messages/${ticketId}`, { body: 'Vamos trocar amanha' });
  const theirs = (await rita.call<{ messages: Msg[] }>('GET', `/api/messages/${ticketId}`)).messages.find((m) => !m.fromMe)!;
  const phoneChat = async () =>
    admin.call<
      { id: string; body: string; sender: string; connectionReaction: string | null; customerReaction: string | null; isEdited: boolean }[]
    >('GET', `/api/simulator/chats/${customer.number}?to=${number}`);
  await expect.poll(async () => (await phoneChat()).some((m) => m.sender === 'connection' && m.body === 'Vamos trocar amanha')).toBe(true);

  // The attendant (in Portuguese) reacts to the customer's message and edits the reply.
  const desk = await pageIn(browser, attendant.email, attendant.password, 'pt', `/tickets/${ticketId}`);
  await option(desk, theirs.id, 'message-react');
  await desk.getByTestId('react-👍').click();
  const ourReaction = desk.getByTestId(`message-${theirs.id}`).locator('..').getByTestId('message-reaction');
  await expect(ourReaction).toHaveText('👍');
  await expect(ourReaction).toHaveAttribute('data-from-me', 'true');
  await expect(ourReaction).toHaveAttribute('aria-label', 'Reagimos 👍');
  await expect.poll(async () => (await phoneChat()).find((m) => m.sender === 'customer')?.connectionReaction).toBe('👍');

  await option(desk, reply.id, 'message-edit');
  await expect(desk.getByRole('dialog')).toContainText('Editar mensagem');
  await desk.getByTestId('edit-message-input').fill('Vamos trocar hoje');
  await desk.getByTestId('edit-message-save').click();
  const replyBubble = desk.getByTestId(`message-${reply.id}`);
  await expect(replyBubble).toContainText('Vamos trocar hoje');
  await expect(replyBubble.getByTestId('message-edited')).toHaveText('Editada');
  await expect(replyBubble.getByTestId('message-edited')).toHaveAttribute('data-original', 'Vamos trocar amanha');
  await expect.poll(async () => (await phoneChat()).find((m) => m.sender === 'connection' && m.isEdited)?.body).toBe('Vamos trocar hoje');
  await shot(desk, 'reactions-edits-desk-pt');

  // The customer, on the simulator page, sees both, reacts to the reply and edits their message.
  const sim = await signedInPage(browser, ADMIN.email, ADMIN.password, { path: '/simulator' });
  await sim.getByTestId('simulator-connection').click();
  await sim.getByRole('option', { name: `${connectionName} · +${number}` }).click();
  await sim.getByTestId('simulator-customer-number').fill(customer.number);
  // The phone knows messages by the channel's ids.
  const onPhone = await phoneChat();
  const phoneReplyId = onPhone.find((m) => m.sender === 'connection')!.id;
  const customerMsg = onPhone.find((m) => m.sender === 'customer')!;
  const phoneReply = sim.getByTestId(`simulator-message-${phoneReplyId}`);
  await expect(phoneReply).toContainText('Vamos trocar hoje');
  await expect(phoneReply.getByTestId('simulator-message-edited')).toBeVisible();
  await expect(sim.getByTestId(`simulator-message-${customerMsg.id}`).locator('..').getByTestId('simulator-reactions')).toHaveText('👍');
  await sim.getByTestId(`simulator-react-${phoneReplyId}`).click();
  await sim.getByTestId('simulator-react-with-❤️').click();
  await sim.getByTestId(`simulator-edit-${customerMsg.id}`).click();
  await sim.getByTestId('simulator-edit-input').fill('Meu pedido chegou quebrado e sem nota');
  await sim.getByTestId('simulator-edit-save').click();
  await expect(sim.getByTestId(`simulator-message-${customerMsg.id}`)).toContainText('sem nota');
  await shot(sim, 'reactions-edits-simulator');

  // The attendant's chat shows them live: the customer's reaction on the reply, the edited text.
  const theirReaction = replyBubble.locator('..').getByTestId('message-reaction');
  await expect(theirReaction).toHaveText('❤️');
  await expect(theirReaction).toHaveAttribute('data-from-me', 'false');
  const theirBubble = desk.getByTestId(`message-${theirs.id}`);
  await expect(theirBubble).toContainText('Meu pedido chegou quebrado e sem nota');
  await expect(theirBubble.getByTestId('message-edited')).toHaveAttribute('data-original', 'Meu pedido chegou quebrado');
  await shot(desk, 'reactions-edits-desk-live-pt');

  // Taking our reaction away (choosing it again) removes it on the phone too.
  await option(desk, theirs.id, 'message-react');
  await desk.getByTestId('react-👍').click();
  await expect(desk.getByTestId(`message-${theirs.id}`).locator('..').getByTestId('message-reaction')).toHaveCount(0);
  await expect.poll(async () => (await phoneChat()).find((m) => m.sender === 'customer')?.connectionReaction).toBeNull();

  // In English (the same session, switched and reloaded) the chat reads "Edited", and the reaction
  // says who put it there.
  await desk.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
  await desk.reload();
  const en = desk;
  await expect(en.getByTestId(`message-${reply.id}`)).toBeVisible();
  await shot(en, 'reactions-edits-desk-en-open');
  await expect(en.getByTestId(`message-${reply.id}`).getByTestId('message-edited')).toHaveText('Edited');
  await expect(en.getByTestId(`message-${reply.id}`).locator('..').getByTestId('message-reaction')).toHaveAttribute(
    'aria-label',
    'Customer reacted ❤️',
  );
  const enBubble = en.getByTestId(`message-${reply.id}`);
  await enBubble.hover();
  await enBubble.getByTestId('message-options').click();
  await expect(en.getByTestId('message-react')).toHaveText('React');
  await expect(en.getByTestId('message-edit')).toHaveText('Edit');
  await shot(en, 'reactions-edits-desk-en');
  await en.context().close();
  await sim.context().close();
});
