/**
 * The tickets board: a customer's pending card dragged onto the attendant's column is accepted
 * (the same call and sector dialog as the Accept button), then dragged onto Closed today it is
 * resolved; by sector, onto another sector's column it opens the transfer dialog with that sector
 * chosen; by attendant, onto a colleague's column the list's transfer dialog with them chosen (the
 * board stays; a closed card or a colleague's own column is not offered, an attendant sees no
 * colleague's column and the server refuses her moving their ticket); a long column loads more, and a
 * customer who writes while the next page is read is not lost; on a 390×844 phone the columns scroll
 * sideways inside the board, not the page, and a card held and carried by a finger is accepted; customers who write while the board's socket is still
 * connecting are all on it (and in the bell) once it connects.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { ADMIN, Api, login, pairSimulator, phoneNumber, randomColor, signedInPage, unique } from './helpers';

async function world(api: Api) {
  const id = unique();
  const sector = await api.call<{ id: number }>('POST', '/api/queue', {
    name: `Board ${id}`,
    color: randomColor(),
    startWork: '00:00',
    endWork: '23:59',
  });
  const user = { name: `Bea ${id}`, email: `bea.${id}@e2e.local`, password: 'board-pass' };
  await api.call('POST', '/api/users', { ...user, profile: 'user', queueIds: [sector.id] });
  const number = phoneNumber('5511');
  const connection = await api.call<{ id: number }>('POST', '/api/whatsapp', {
    name: `Board ${id}`,
    channel: 'simulator',
    queueIds: [sector.id],
  });
  await pairSimulator(api, connection.id, number);
  return { id, user, number };
}

async function acceptSectorIfAsked(page: Page, card: ReturnType<Page['getByTestId']>) {
  const dialog = page.getByTestId('accept-dialog');
  await expect(dialog.or(page.getByTestId('board-column-mine').locator(card))).toBeVisible();
  if (await dialog.isVisible()) {
    const sector = dialog.getByRole('combobox');
    if (await sector.isVisible()) {
      await sector.click();
      await page.getByRole('option').first().click();
    }
    await dialog.getByTestId('accept-start').click();
  }
}

/** A finger on the phone: rests on `from` past the long press, carries it to `to`, lifts. */
async function carryByTouch(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at?: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: at ? [{ x: Math.round(at.x), y: Math.round(at.y) }] : [] });
  await touch('touchStart', from);
  await page.waitForTimeout(700);
  for (let step = 1; step <= 8; step++)
    await touch('touchMove', { x: from.x + ((to.x - from.x) * step) / 8, y: from.y + ((to.y - from.y) * step) / 8 });
  await touch('touchEnd');
  await cdp.detach();
}

const centre = (box: { x: number; y: number; width: number; height: number } | null) => ({
  x: box!.x + box!.width / 2,
  y: box!.y + box!.height / 2,
});

test('on a phone a card held and carried onto My tickets is accepted', async ({ browser, request }) => {
  const admin = await Api.login(request, ADMIN.email, ADMIN.password);
  const w = await world(admin);
  const customer = { number: phoneNumber('5521'), name: `Touch ${w.id}` };
  await admin.call('POST', '/api/simulator/messages', { from: customer.number, to: w.number, name: customer.name, body: 'Help?' });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await login(page, w.user.email, w.user.password);
  await page.goto('/tickets/board');
  await page.getByTestId('board-by-attendant').click();
  const card = page.getByTestId('board-column-pending').locator('[data-testid^="board-card-"]').filter({ hasText: customer.name });
  await expect(card).toBeVisible();
  const ticketId = Number((await card.getAttribute('data-testid'))!.replace('board-card-', ''));
  const user = await Api.of(page);
  const ticket = async () => user.call<{ status: string; userId: number | null }>('GET', `/api/tickets/${ticketId}`);

  // The "mine" column starts just right of the first one, at the phone's edge.
  const mine = await page.getByTestId('board-column-mine').boundingBox();
  const target = { x: Math.min(mine!.x + 30, 380), y: mine!.y + 120 };
  await carryByTouch(page, centre(await card.boundingBox()), target);
  await acceptSectorIfAsked(page, page.getByTestId(`board-card-${ticketId}`));
  await expect.poll(async () => (await ticket()).status).toBe('open');
  expect((await ticket()).userId).toBe((await user.call<{ id: number }>('GET', '/api/auth/me')).id);
  await expect(page).toHaveURL(/\/tickets\/board$/);
  await page.screenshot({ path: 'test-results/board-touch-accepted.png' });
  await context.close();
});

test('dragging a card accepts and then resolves the ticket', async ({ page, request }) => {
  const admin = await Api.login(request, ADMIN.email, ADMIN.password);
  const w = await world(admin);
  const customer = { number: phoneNumber('5521'), name: `Board customer ${w.id}` };
  await admin.call('POST', '/api/simulator/messages', {
    from: customer.number,
    to: w.number,
    name: customer.name,
    body: 'Can someone help?',
  });

  await login(page, w.user.email, w.user.password);
  await page.goto('/tickets');
  await page.getByTestId('tickets-board-open').click();
  await expect(page).toHaveURL(/\/tickets\/board$/);
  const card = page.locator('[data-testid^="board-card-"]').filter({ hasText: customer.name });
  await expect(
    page.getByTestId('board-column-pending').locator('[data-testid^="board-card-"]').filter({ hasText: customer.name }),
  ).toBeVisible();
  const ticketId = Number((await card.getAttribute('data-testid'))!.replace('board-card-', ''));
  const user = await Api.of(page);
  const status = async () => (await user.call<{ status: string; userId: number | null }>('GET', `/api/tickets/${ticketId}`)).status;

  // A pending card cannot be resolved from the board (the list offers no Resolve for it either).
  await card.dragTo(page.getByTestId('board-column-closed'));
  expect(await status()).toBe('pending');

  await card.dragTo(page.getByTestId('board-column-mine'));
  await acceptSectorIfAsked(page, page.getByTestId(`board-card-${ticketId}`));
  await expect(page.getByTestId('board-column-mine').getByTestId(`board-card-${ticketId}`)).toBeVisible();
  await expect.poll(status).toBe('open');
  await expect(page).toHaveURL(/\/tickets\/board$/);
  await page.screenshot({ path: 'test-results/board-accepted.png' });

  await page.getByTestId(`board-card-${ticketId}`).dragTo(page.getByTestId('board-column-closed'));
  await expect(page.getByTestId('board-column-closed').getByTestId(`board-card-${ticketId}`)).toBeVisible();
  await expect.poll(status).toBe('closed');
});

test('on a phone the board columns scroll sideways', async ({ browser, request }) => {
  const admin = await Api.login(request, ADMIN.email, ADMIN.password);
  const w = await world(admin);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'es-ES' });
  await context.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
  const page = await context.newPage();
  await login(page, w.user.email, w.user.password);
  await page.goto('/tickets/board');
  const columns = page.getByTestId('board-columns');
  await expect(page.getByTestId('board-column-closed')).toBeAttached();
  expect(await columns.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'page wider than the phone').toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/board-phone.png' });
  await context.close();
});

test("by sector, dropping a card on another sector's column opens the transfer dialog with it chosen", async ({ page, request }) => {
  test.setTimeout(420_000);
  const admin = await Api.login(request, ADMIN.email, ADMIN.password);
  const id = unique();
  const sales = await admin.call<{ id: number; name: string }>('POST', '/api/queue', {
    name: `Sales ${id}`,
    color: randomColor(),
    startWork: '00:00',
    endWork: '23:59',
  });
  const support = await admin.call<{ id: number; name: string }>('POST', '/api/queue', {
    name: `Support ${id}`,
    color: randomColor(),
    startWork: '00:00',
    endWork: '23:59',
  });
  const bea = { name: `Bea ${id}`, email: `bea2.${id}@e2e.local`, password: 'board-pass' };
  const beaUser = await admin.call<{ id: number }>('POST', '/api/users', { ...bea, profile: 'user', queueIds: [sales.id, support.id] });
  const caio = await admin.call<{ id: number }>('POST', '/api/users', {
    name: `Caio ${id}`,
    email: `caio2.${id}@e2e.local`,
    password: 'board-pass',
    profile: 'user',
    queueIds: [sales.id],
  });
  const number = phoneNumber('5511');
  const connection = await admin.call<{ id: number }>('POST', '/api/whatsapp', {
    name: `Board T ${id}`,
    channel: 'simulator',
    queueIds: [sales.id],
  });
  await pairSimulator(admin, connection.id, number);

  // Three conversations in Sales: one Caio holds (his column), two Bea holds.
  const tickets: number[] = [];
  for (const who of ['Caio', 'Bea one', 'Bea two']) {
    const name = `${who} customer ${id}`;
    await admin.call('POST', '/api/simulator/messages', { from: phoneNumber('5521'), to: number, name, body: 'Hello' });
    let found = 0;
    await expect
      .poll(
        async () =>
          (found =
            (await admin.call<{ tickets: { id: number }[] }>('GET', `/api/tickets?showAll=true&searchParam=${encodeURIComponent(name)}`))
              .tickets[0]?.id ?? 0),
      )
      .toBeGreaterThan(0);
    tickets.push(found);
  }
  const [caiosTicket, first, second] = tickets;
  await admin.call('PUT', `/api/tickets/${caiosTicket}`, { status: 'open', userId: caio.id, queueId: sales.id });
  for (const t of [first, second]) await admin.call('PUT', `/api/tickets/${t}`, { status: 'open', userId: beaUser.id, queueId: sales.id });

  const ticketOf = async (ticketId: number) =>
    admin.call<{ userId: number | null; queueId: number | null }>('GET', `/api/tickets/${ticketId}`);

  await login(page, bea.email, bea.password);
  // The sectors list is read once for the whole board (every picker on it shares it), and kept live.
  const sectorReads: string[] = [];
  const isSectorsRead = (r: Request) => r.method() === 'GET' && new URL(r.url()).pathname === '/api/queue';
  let readsUnderWay = 0;
  page.on('request', (r) => {
    if (!isSectorsRead(r)) return;
    sectorReads.push(r.url());
    readsUnderWay += 1;
  });
  const readEnded = (r: Request) => {
    if (isSectorsRead(r)) readsUnderWay -= 1;
  };
  page.on('requestfinished', readEnded);
  page.on('requestfailed', readEnded);
  // A sector change heard while the list is being read makes it read again once that read ends
  // (liveQueries.ts); other tests change sectors at the same time: each such crossing allows one read more.
  let crossings = 0;
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      if (String(payload).includes('["queue",') && readsUnderWay > 0) crossings += 1;
    }),
  );
  const expectSectorsReadOnce = (what: string) => {
    expect(sectorReads.length, what).toBeGreaterThanOrEqual(1);
    expect(sectorReads.length, what).toBeLessThanOrEqual(1 + crossings);
  };
  await page.goto('/tickets/board');
  // By sector: dropping on Support opens the dialog with Support chosen.
  await page.getByTestId('board-by-sector').click();
  const supportColumn = page.getByTestId(`board-column-sector-${support.id}`);
  await expect(page.getByTestId(`board-column-sector-${sales.id}`).getByTestId(`board-card-${second}`)).toBeVisible();
  await page.getByTestId(`board-card-${second}`).dragTo(supportColumn);
  await expect(page.getByTestId('transfer-dialog')).toBeVisible();
  await page.getByTestId('transfer-submit').click();
  await expect.poll(async () => (await ticketOf(second)).queueId).toBe(support.id);
  await expect(supportColumn.getByTestId(`board-card-${second}`)).toBeVisible();
  await page.screenshot({ path: 'test-results/board-by-sector.png' });
  expectSectorsReadOnce('GET /api/queue while the board opened and a transfer was made');

  // Another admin adds a sector while the board is open: the next transfer offers it at once,
  // from the live list, without reading the sectors again.
  const billing = await admin.call<{ id: number }>('POST', '/api/queue', {
    name: `Billing ${id}`,
    color: randomColor(),
    startWork: '00:00',
    endWork: '23:59',
  });
  await page.getByTestId(`board-card-${first}`).dragTo(supportColumn);
  const dialog = page.getByTestId('transfer-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('transfer-sector').locator('xpath=..').getByRole('combobox').click();
  await expect(page.getByRole('option', { name: `Billing ${id}` })).toBeVisible();
  await page.keyboard.press('Escape');
  expectSectorsReadOnce('GET /api/queue after a sector was added on another screen');
  await admin.call('DELETE', `/api/queue/${billing.id}`);
});

test('a long Pending column shows 20 cards, then the next page on demand', async ({ page, request }) => {
  test.setTimeout(420_000);
  const admin = await Api.login(request, ADMIN.email, ADMIN.password);
  const w = await world(admin);
  const { id, number } = w;
  await login(page, w.user.email, w.user.password);
  // A late customer's announcement, as the browser's socket hears it (sockets opened from now on).
  const late = `Late ${id}`;
  let announced: () => void = () => undefined;
  const heard = new Promise<void>((resolve) => (announced = resolve));
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      if (String(payload).includes(late)) announced();
    }),
  );
  await page.goto('/tickets/board');
  // A long Pending column: 20 cards, then the next page on demand.
  for (let i = 0; i < 21; i++)
    await admin.call('POST', '/api/simulator/messages', {
      from: phoneNumber('5531'),
      to: number,
      name: `Waiting ${i} ${id}`,
      body: 'Anyone there?',
    });
  await page.getByTestId('board-by-attendant').click();
  const pendingColumn = page.getByTestId('board-column-pending');
  // Paging is what is checked here (live arrival has tests of its own): the column is read afresh
  // until the customers' tickets fill its first page.
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(pendingColumn).toBeVisible();
        return pendingColumn
          .locator('[data-testid^="board-card-"]')
          .filter({ hasText: `${id}` })
          .count();
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe(20);
  await expect(pendingColumn.locator('[data-testid^="board-card-"]')).toHaveCount(20);

  // A customer writes while the next page is being read: the answer was read before their ticket
  // existed, and must not overwrite it. The page's request is held until the ticket's announcement
  // has reached the browser, then let through.
  let held = 0;
  await page.route(/\/api\/tickets\?.*cursor=/, async (route) => {
    held++;
    const answer = await route.fetch();
    await heard;
    // The rest of that customer's announcements (its message, its story) land while held too.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.fulfill({ response: answer });
  });
  await pendingColumn.getByTestId('board-more-pending').click();
  await expect.poll(() => held).toBe(1);
  await admin.call('POST', '/api/simulator/messages', { from: phoneNumber('5531'), to: number, name: late, body: 'Me too' });
  await heard;
  await expect(pendingColumn.locator('[data-testid^="board-card-"]').filter({ hasText: late })).toHaveCount(1);
  await expect(pendingColumn.locator('[data-testid^="board-card-"]').filter({ hasText: `${id}` })).toHaveCount(22);
});

test('a burst of customers while the socket is still connecting all show live on the board and the bell', async ({ page, request }) => {
  test.setTimeout(300_000);
  const admin = await Api.login(request, ADMIN.email, ADMIN.password);
  const w = await world(admin);
  await login(page, w.user.email, w.user.password);
  // The board's socket connects only once the customers have written (a slow network): the lists
  // were read before, and the tickets' announcements went out before the socket listened.
  let connect: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => (connect = resolve));
  await page.routeWebSocket(/\/socket\.io\//, async (ws) => {
    await connected;
    ws.connectToServer();
  });
  await page.goto('/tickets/board');
  const pendingColumn = page.getByTestId('board-column-pending');
  await expect(pendingColumn.getByText('No tickets')).toBeVisible();
  const cards = pendingColumn.locator('[data-testid^="board-card-"]').filter({ hasText: w.id });
  for (let i = 0; i < 15; i++)
    await admin.call('POST', '/api/simulator/messages', {
      from: phoneNumber('5541'),
      to: w.number,
      name: `Burst ${i} ${w.id}`,
      body: 'Hello?',
    });
  connect();
  await expect(cards).toHaveCount(15);
  await expect(page.getByTestId('notifications-bell')).toContainText('15');

  // Connected: the next customers appear as they write, without reading the lists again.
  for (let i = 15; i < 21; i++)
    await admin.call('POST', '/api/simulator/messages', {
      from: phoneNumber('5541'),
      to: w.number,
      name: `Burst ${i} ${w.id}`,
      body: 'Hello?',
    });
  await expect(cards).toHaveCount(21);
  await expect(page.getByTestId('notifications-bell')).toContainText('21');
});

test("by attendant, a card dropped on a colleague's column is transferred to them through the list's dialog; what may not go there is not offered", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  const admin = await Api.login(request, ADMIN.email, ADMIN.password);
  const id = unique();
  const sales = await admin.call<{ id: number }>('POST', '/api/queue', {
    name: `Desk ${id}`,
    color: randomColor(),
    startWork: '00:00',
    endWork: '23:59',
  });
  const bea = { name: `Bea ${id}`, email: `bea3.${id}@e2e.local`, password: 'board-pass' };
  const beaUser = await admin.call<{ id: number }>('POST', '/api/users', { ...bea, profile: 'user', queueIds: [sales.id] });
  const caio = await admin.call<{ id: number }>('POST', '/api/users', {
    name: `Caio ${id}`,
    email: `caio3.${id}@e2e.local`,
    password: 'board-pass',
    profile: 'user',
    queueIds: [sales.id],
  });
  const number = phoneNumber('5511');
  const connection = await admin.call<{ id: number }>('POST', '/api/whatsapp', {
    name: `Desk ${id}`,
    channel: 'simulator',
    queueIds: [sales.id],
  });
  await pairSimulator(admin, connection.id, number);

  // Caio holds one conversation; Bea holds two, and resolved a third today.
  const tickets: number[] = [];
  for (const who of ['Caio', 'Bea one', 'Bea two', 'Bea closed']) {
    const name = `${who} customer ${id}`;
    await admin.call('POST', '/api/simulator/messages', { from: phoneNumber('5521'), to: number, name, body: 'Hello' });
    let found = 0;
    await expect
      .poll(
        async () =>
          (found =
            (await admin.call<{ tickets: { id: number }[] }>('GET', `/api/tickets?showAll=true&searchParam=${encodeURIComponent(name)}`))
              .tickets[0]?.id ?? 0),
      )
      .toBeGreaterThan(0);
    tickets.push(found);
  }
  const [caiosTicket, first, second, closed] = tickets;
  await admin.call('PUT', `/api/tickets/${caiosTicket}`, { status: 'open', userId: caio.id, queueId: sales.id });
  for (const t of [first, second, closed])
    await admin.call('PUT', `/api/tickets/${t}`, { status: 'open', userId: beaUser.id, queueId: sales.id });
  await admin.call('PUT', `/api/tickets/${closed}`, { status: 'closed' });
  const ticketOf = (ticketId: number) =>
    admin.call<{ userId: number | null; queueId: number | null; status: string }>('GET', `/api/tickets/${ticketId}`);

  // The attendant: her board offers no colleague's column (she does not see their tickets), and
  // the server refuses her moving a colleague's ticket all the same.
  await login(page, bea.email, bea.password);
  await page.goto('/tickets/board');
  await expect(page.getByTestId('board-column-mine').getByTestId(`board-card-${first}`)).toBeVisible();
  await expect(page.locator('[data-testid^="board-column-user-"]')).toHaveCount(0);
  const beaApi = await Api.of(page);
  const refused = await beaApi.raw('PUT', `/api/tickets/${caiosTicket}`, { userId: beaUser.id });
  expect(refused.status()).toBe(404);
  expect(((await refused.json()) as { error: string }).error).toBe('ERR_NO_TICKET_FOUND');
  expect((await ticketOf(caiosTicket)).userId).toBe(caio.id);

  // An admin showing every ticket sees each attendant's column.
  const lead = await signedInPage(browser, ADMIN.email, ADMIN.password, {
    path: '/tickets/board',
    watch: (p) => void p.addInitScript(() => localStorage.setItem('ticketsShowAll', 'true')),
  });
  const caioColumn = lead.getByTestId(`board-column-user-${caio.id}`);
  await expect(caioColumn.getByTestId(`board-card-${caiosTicket}`)).toBeVisible();
  await expect(lead.getByTestId('board-column-closed').getByTestId(`board-card-${closed}`)).toBeVisible();

  // A closed ticket cannot be transferred (the list offers no Transfer for it): its card does not move.
  await expect(lead.getByTestId(`board-card-${closed}`)).toHaveAttribute('draggable', 'false');
  // While Caio's own card is dragged, his column does not take it; Bea's does (a transfer to her).
  const beaColumn = lead.getByTestId(`board-column-user-${beaUser.id}`);
  const caiosCard = lead.getByTestId(`board-card-${caiosTicket}`);
  await expect(caiosCard).toHaveAttribute('draggable', 'true');
  const dataTransfer = await lead.evaluateHandle(() => new DataTransfer());
  await caiosCard.dispatchEvent('dragstart', { dataTransfer });
  await expect(beaColumn).toHaveAttribute('data-droppable', 'true');
  await expect(caioColumn).toHaveAttribute('data-droppable', 'false');
  await expect(lead.getByTestId('board-column-closed')).toHaveAttribute('data-droppable', 'true');
  await caiosCard.dispatchEvent('dragend', { dataTransfer });
  await expect(beaColumn).toHaveAttribute('data-droppable', 'false');
  await caiosCard.dragTo(caioColumn);
  await expect(lead.getByTestId('transfer-dialog')).toBeHidden();
  expect((await ticketOf(caiosTicket)).userId).toBe(caio.id);

  // Bea's card onto Caio's column: the list's transfer dialog with Caio chosen; confirmed, he has it.
  await lead.getByTestId(`board-card-${first}`).dragTo(caioColumn);
  const dialog = lead.getByTestId('transfer-dialog');
  await expect(dialog.getByTestId('transfer-user')).toHaveValue(`Caio ${id}`);
  await dialog.getByTestId('transfer-reason').fill('Caio knows this customer');
  await lead.screenshot({ path: 'test-results/board-transfer-dialog.png' });
  await dialog.getByTestId('transfer-submit').click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await ticketOf(first)).userId).toBe(caio.id);
  await expect(caioColumn.getByTestId(`board-card-${first}`)).toBeVisible();
  // The transfer is the list's: its reason is in the ticket's story.
  const story = await admin.call<{ kind: string; reason: string; toUser: { id: number } | null }[]>('GET', `/api/tickets/${first}/events`);
  expect(story.filter((e) => e.kind === 'transferred').at(-1)).toMatchObject({
    toUser: { id: caio.id },
    reason: 'Caio knows this customer',
  });
  // Bea's board follows live: the ticket left her column.
  await expect(page.getByTestId(`board-card-${first}`)).toBeHidden();
  await expect(page.getByTestId('board-column-mine').getByTestId(`board-card-${second}`)).toBeVisible();
  await lead.context().close();
});
