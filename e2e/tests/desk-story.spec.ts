/**
 * The attendant's desk tells the conversation's story: lifecycle events in the chat timeline (in
 * pt, en and es), automatic messages marked apart, the contact panel with the person's earlier
 * tickets; a chat full of images, or of videos whose size arrives late, opens and stays at its
 * newest message; and on a phone
 * (390×844) the contacts' actions and the message box fit the screen.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, Api, pairSimulator, phoneNumber, randomColor, signedInPage, unique } from './helpers';

const SHOTS = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: SHOTS ? `${SHOTS}/${name}.png` : test.info().outputPath(`${name}.png`) });
}

/** A 40×30 PNG (solid colour): a real image the browser decodes. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAAK0lEQVR4nO3NMQ0AAAgDsClBMcKQhQw4mvRvqudExGKxWCwWi8VisVj8N140Zsa7qpQ3VQAAAABJRU5ErkJggg==';

interface Setup {
  api: Api;
  sector: { id: number; name: string };
  connection: { id: number; number: string };
  attendant: { id: number; name: string; email: string; password: string };
  colleague: { id: number; name: string; email: string };
}

async function setUp(request: Parameters<typeof Api.login>[0]): Promise<Setup> {
  const api = await Api.login(request, ADMIN.email, ADMIN.password);
  const id = unique();
  const sector = await api.call<{ id: number; name: string }>('POST', '/api/queue', {
    name: `Story ${id}`,
    color: randomColor(),
    startWork: '00:00',
    endWork: '23:59',
    greetingMessage: 'Welcome, {{firstName}}! An attendant will be with you shortly.',
  });
  const attendant = { name: 'Bruna Story', email: `bruna.${id}@e2e.local`, password: 'attendant-pass' };
  const created = await api.call<{ id: number }>('POST', '/api/users', { ...attendant, profile: 'user', queueIds: [sector.id] });
  const colleagueEmail = `caio.${id}@e2e.local`;
  const colleague = await api.call<{ id: number; name: string }>('POST', '/api/users', {
    name: 'Caio Colleague',
    email: colleagueEmail,
    password: 'attendant-pass',
    profile: 'user',
    queueIds: [sector.id],
  });
  const number = phoneNumber('5511');
  const connection = await api.call<{ id: number }>('POST', '/api/whatsapp', {
    name: `Story line ${id}`,
    channel: 'simulator',
    queueIds: [sector.id],
    farewellMessage: 'Thank you, {{firstName}}!',
  });
  await pairSimulator(api, connection.id, number);
  return {
    api,
    sector,
    connection: { id: connection.id, number },
    attendant: { ...attendant, id: created.id },
    colleague: { ...colleague, email: colleagueEmail },
  };
}

async function ticketOf(api: Api, name: string): Promise<{ id: number }> {
  let found: { id: number } | undefined;
  await expect
    .poll(async () => {
      // The newest ticket of the customer.
      found = (
        await api.call<{ tickets: { id: number }[] }>('GET', `/api/tickets?showAll=true&searchParam=${encodeURIComponent(name)}`)
      ).tickets.sort((a, b) => b.id - a.id)[0];
      return !!found;
    })
    .toBe(true);
  return found!;
}

async function pageIn(
  browser: Browser,
  who: Setup['attendant'],
  language: string,
  path: string,
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const page = await signedInPage(browser, who.email, who.password, {
    path,
    options: { viewport },
    watch: (p) => void p.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language),
  });
  return page;
}

const STORY: Record<string, { accepted: RegExp; transferred: RegExp; reason: string; returned: RegExp; automatic: string; panel: string }> =
  {
    en: {
      accepted: /Bruna Story accepted the ticket/,
      transferred: /transferred the ticket from Bruna Story .* to Caio Colleague/,
      reason: 'Reason: Needs a second opinion',
      returned: /Caio Colleague returned the ticket to the queue/,
      automatic: 'Automatic message',
      panel: 'Tickets',
    },
    pt: {
      accepted: /Bruna Story aceitou o atendimento/,
      transferred: /transferiu o atendimento de Bruna Story .* para Caio Colleague/,
      reason: 'Motivo: Needs a second opinion',
      returned: /Caio Colleague devolveu o atendimento à fila/,
      automatic: 'Mensagem automática',
      panel: 'Atendimentos',
    },
    es: {
      accepted: /Bruna Story aceptó la atención/,
      transferred: /transfirió la atención de Bruna Story .* a Caio Colleague/,
      reason: 'Motivo: Needs a second opinion',
      returned: /Caio Colleague devolvió la atención a la cola/,
      automatic: 'Mensaje automático',
      panel: 'Atenciones',
    },
  };

test('the chat tells the ticket story in pt, en and es, marks automatic messages, and the contact panel knows the person', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const s = await setUp(request);
  const customer = { number: phoneNumber('5521'), name: `Carla ${unique()}` };
  const write = (body: string) =>
    s.api.call('POST', '/api/simulator/messages', { from: customer.number, to: s.connection.number, name: customer.name, body });
  const bruna = await Api.login(request, s.attendant.email, s.attendant.password);
  const caio = await Api.login(request, s.colleague.email, 'attendant-pass');

  // An earlier conversation, resolved.
  await write('My order is late');
  const first = await ticketOf(s.api, customer.name);
  await bruna.call('PUT', `/api/tickets/${first.id}`, { status: 'open' });
  await bruna.call('PUT', `/api/tickets/${first.id}`, { status: 'closed' });

  // The customer comes back later than the reopening window: a new ticket, greeted automatically.
  const window = await s.api.call<{ value: string }>('GET', '/api/settings/timeCreateNewTicket');
  await s.api.call('PUT', '/api/settings/timeCreateNewTicket', { value: '10' });
  let current: { id: number } = first;
  try {
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    await write('Hello again, I need help');
    await expect.poll(async () => (current = await ticketOf(s.api, customer.name)).id).not.toBe(first.id);
  } finally {
    await s.api.call('PUT', '/api/settings/timeCreateNewTicket', { value: window.value });
  }

  // Its story: accepted, transferred with a reason, returned, accepted again.
  await bruna.call('PUT', `/api/tickets/${current.id}`, { status: 'open' });
  await bruna.call('PUT', `/api/tickets/${current.id}`, {
    transf: true,
    userId: s.colleague.id,
    queueId: s.sector.id,
    reason: 'Needs a second opinion',
  });
  await caio.call('PUT', `/api/tickets/${current.id}`, { status: 'pending' });
  await bruna.call('PUT', `/api/tickets/${current.id}`, { status: 'open' });

  for (const language of ['pt', 'en', 'es']) {
    const words = STORY[language];
    const page = await pageIn(browser, s.attendant, language, `/tickets/${current.id}`);
    const chat = page.getByTestId('chat-pane');
    const events = chat.getByTestId('timeline-event');
    await expect(events.filter({ hasText: words.transferred })).toBeVisible();
    await expect(events.filter({ hasText: words.transferred }).getByTestId('timeline-event-reason')).toHaveText(words.reason);
    await expect(events.filter({ hasText: words.returned })).toBeVisible();
    await expect(events.filter({ hasText: words.accepted }).first()).toBeVisible();
    // The sector's greeting was written by the server, not by a person: marked as automatic.
    await expect(
      chat
        .locator('[data-automatic="true"]')
        .filter({ hasText: 'An attendant will be with you shortly' })
        .last()
        .getByTestId('automatic-label'),
    ).toHaveText(words.automatic);
    await shot(page, `story-timeline-${language}`);

    // The contact panel: this ticket and the earlier one, resolved.
    await page.getByTestId('chat-contact').click();
    const panel = page.getByTestId('contact-history');
    await expect(panel.getByText(words.panel, { exact: true })).toBeVisible();
    await expect(panel.getByTestId(`panel-ticket-${first.id}`)).toBeVisible();
    await expect(panel.getByTestId(`panel-ticket-${current.id}`)).toBeVisible();
    await expect(panel.getByTestId('panel-channel')).toContainText(`Story line`);
    await shot(page, `contact-panel-${language}`);
    if (language === 'en') {
      // Live: a colleague's note about the customer is counted while the panel is open.
      const notes = panel.getByTestId('panel-notes-count');
      const before = Number((await notes.textContent())?.match(/\d+/)?.[0]);
      await s.api.call('POST', `/api/tickets/${current.id}/notes`, { body: 'Asked for the invoice again' });
      await expect(notes).toHaveText(`Notes: ${before + 1}`);
    }
    await page.context().close();
  }

  // On a phone the timeline and the panel fit the screen.
  const phone = await pageIn(browser, s.attendant, 'pt', `/tickets/${current.id}`, { width: 390, height: 844 });
  await expect(phone.getByTestId('timeline-event').filter({ hasText: STORY.pt.transferred })).toBeVisible();
  await shot(phone, 'story-timeline-phone');
  const composer = await phone.getByTestId('composer-input').boundingBox();
  expect(composer!.width, 'the message box keeps most of a phone-wide row').toBeGreaterThan(200);
  await phone.getByTestId('chat-contact').click();
  await expect(phone.getByTestId('contact-history')).toBeVisible();
  await shot(phone, 'contact-panel-phone');
  await phone.context().close();
});

/**
 * A new customer sends `count` media messages, then the text "the newest message"; resolves to
 * their ticket once all of them are stored (the sector's automatic greeting may be there too).
 */
async function mediaThenText(s: Setup, name: string, count: number, message: (n: number) => Record<string, unknown>) {
  const customer = { from: phoneNumber('5521'), to: s.connection.number, name };
  for (let n = 1; n <= count; n++) await s.api.call('POST', '/api/simulator/messages', { ...customer, ...message(n) });
  await s.api.call('POST', '/api/simulator/messages', { ...customer, body: 'the newest message' });
  const ticket = await ticketOf(s.api, name);
  await expect
    .poll(async () => (await s.api.call<{ count: number }>('GET', `/api/messages/${ticket.id}`)).count)
    .toBeGreaterThanOrEqual(count + 1);
  return ticket;
}

test('a chat full of images opens at its newest message and stays there while they load', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const s = await setUp(request);
  const ticket = await mediaThenText(s, `Imagens ${unique()}`, 14, (n) => ({
    type: 'image',
    body: `photo ${n}`,
    media: { mimetype: 'image/png', filename: `photo-${n}.png`, data: PNG },
  }));

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const page = await pageIn(
      browser,
      { ...s.attendant, email: ADMIN.email, password: ADMIN.password },
      'en',
      `/tickets/${ticket.id}`,
      viewport,
    );
    const list = page.getByTestId('message-list');
    await expect(page.getByText('the newest message')).toBeVisible();
    // Every image drawn in view has loaded; the newest message is still in view and the list at its bottom.
    await expect(page.getByTestId('message-image').first()).toBeVisible();
    await expect(async () => {
      const loaded = await page
        .getByTestId('message-image')
        .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0));
      expect(loaded).toBe(true);
    }).toPass();
    await expect(page.getByText('the newest message')).toBeInViewport();
    const gap = await list.evaluate((el) => {
      const scroller = el.matches('[data-virtuoso-scroller]') ? el : (el.querySelector('[data-virtuoso-scroller]') ?? el);
      return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
    });
    expect(gap, 'pixels between the view and the newest message').toBeLessThan(20);
    await shot(page, `images-bottom-${viewport.width}`);
    await page.context().close();
  }
});

/** A short VP8 WebM (320×240, 4:3) recorded by the browser itself from a canvas, as base64. */
async function recordWebm(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const canvas = Object.assign(document.createElement('canvas'), { width: 320, height: 240 });
    const draw = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(10), { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    for (let frame = 0; frame < 5; frame++) {
      draw.fillStyle = `hsl(${frame * 60}, 70%, 50%)`;
      draw.fillRect(0, 0, 320, 240);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    recorder.stop();
    await stopped;
    let binary = '';
    for (const byte of new Uint8Array(await new Blob(chunks).arrayBuffer())) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
}

// A video's box takes its real height only once its first bytes arrive (4:3 here: 125 → 188 px at
// 250 px wide). Those bytes come after the chat opened at its newest message — slowly here, as on
// a phone network — and every video that grows in view pushes the newest message down, unless
// the list keeps following its bottom until the reader scrolls up.
test('a chat of videos opens at its newest message and stays there while their sizes arrive', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const s = await setUp(request);
  const recording = await browser.newContext();
  const webm = await recordWebm(await recording.newPage());
  await recording.close();
  const ticket = await mediaThenText(s, `Videos ${unique()}`, 8, (n) => ({
    type: 'video',
    body: `clip ${n}`,
    media: { mimetype: 'video/webm', filename: `clip-${n}.webm`, data: webm },
  }));

  const page = await signedInPage(browser, ADMIN.email, ADMIN.password, {
    path: `/tickets/${ticket.id}`,
    watch: (p) =>
      void p.route(/\/api\/(media\/|messages\/\d+\/media)/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue().catch(() => undefined);
      }),
  });
  await expect(page.getByText('the newest message')).toBeVisible({ timeout: 60_000 });
  const videos = page.getByTestId('message-video');
  await expect(videos.first()).toBeVisible();
  // Every video drawn has its size (metadata loaded), so nothing in view grows any more.
  await expect(async () => {
    const sized = await videos.evaluateAll((all) => all.every((v) => (v as HTMLVideoElement).readyState >= 1));
    expect(sized).toBe(true);
  }).toPass({ timeout: 30_000 });
  const heights = await videos.evaluateAll((all) => all.map((v) => Math.round(v.getBoundingClientRect().height)));
  expect(Math.min(...heights), 'each video drawn at its 4:3 height').toBeGreaterThan(180);
  await expect(page.getByText('the newest message')).toBeInViewport();
  const gap = await page.getByTestId('message-list').evaluate((el) => {
    const scroller = el.matches('[data-virtuoso-scroller]') ? el : (el.querySelector('[data-virtuoso-scroller]') ?? el);
    return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
  });
  expect(gap, 'pixels between the view and the newest message').toBeLessThan(20);
  await shot(page, 'videos-bottom');
  await page.context().close();
});

test('on a phone the contacts list keeps its actions on screen', async ({ browser, request }) => {
  const s = await setUp(request);
  const name = `Phone ${unique()}`;
  const contact = await s.api.call<{ id: number }>('POST', '/api/contacts', {
    name,
    number: phoneNumber('5531'),
    email: `very.long.address.${unique()}@example-company.com`,
  });
  const page = await pageIn(browser, { ...s.attendant, email: ADMIN.email, password: ADMIN.password }, 'es', '/contacts', {
    width: 390,
    height: 844,
  });
  await page.getByTestId('contacts-search').fill(name.toLowerCase());
  const row = page.getByTestId(`contact-row-${contact.id}`);
  await expect(row).toBeVisible();
  for (const action of [`contact-start-ticket-${contact.id}`, `contact-edit-${contact.id}`, `contact-delete-${contact.id}`]) {
    // The row can show before its actions do (they wait for what the user may do), and the list is
    // drawn again when the search's answer lands: a box is read until one is there to read.
    let right: number | null = null;
    await expect
      .poll(
        async () => {
          const box = await page.getByTestId(action).boundingBox();
          right = box ? box.x + box.width : null;
          return right;
        },
        { message: action },
      )
      .not.toBeNull();
    expect(right!, `${action} ends inside the 390 px screen`).toBeLessThanOrEqual(390);
  }
  await shot(page, 'contacts-phone');
});
