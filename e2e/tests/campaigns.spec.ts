/**
 * Campaigns in the browser: an admin writes a campaign for an uploaded CSV on a simulator
 * connection, one of whose customers opted out (SAIR); started, its recipients turn "Sent" live and
 * the opted-out one shows "Skipped"; a paced campaign is paused and resumed; the page reads in
 * Portuguese too; an attendant without the campaigns permission has no menu entry and is refused,
 * one granted it has the entry.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { CAMPAIGN_ROUTES, CONNECTION_ROUTES, CONTACT_ROUTES, SIMULATOR_ROUTES, USER_ROUTES } from '@switchboard/shared';
import { ADMIN, Api, login, logout, pairSimulator, phoneNumber, recordToasts, unique } from './helpers';

const SHOTS = '/tmp/shots';
fs.mkdirSync(SHOTS, { recursive: true });

async function useLanguage(page: Page, language: 'pt' | 'en' | 'es'): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('i18nextLng', l), language);
  await page.reload();
}

test('an admin runs a campaign on the simulator: statuses go to sent live, the opted out is skipped, pause and resume', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const id = unique();
  await login(page, ADMIN.email, ADMIN.password);
  await recordToasts(page);
  const api = await Api.of(page);
  const connection = await api.route(CONNECTION_ROUTES.create, { body: { name: `Campanha ${id}`, channel: 'simulator' } });
  const connectionNumber = phoneNumber('5511');
  await pairSimulator(api, connection.id, connectionNumber);

  const people = [
    { number: phoneNumber('5531'), name: `Ana ${id}` },
    { number: phoneNumber('5531'), name: `Beto ${id}` },
    { number: phoneNumber('5531'), name: `Caio ${id}` },
  ];
  // Caio opts out before the campaign is written.
  await api.route(SIMULATOR_ROUTES.send, { body: { from: people[2].number, to: connectionNumber, name: people[2].name, body: 'SAIR' } });
  await expect
    .poll(async () => (await api.route(CONTACT_ROUTES.list, { query: { searchParam: people[2].number } })).contacts[0]?.optedOutAt ?? null)
    .not.toBeNull();

  await page.goto('/campaigns');
  await expect(page.getByTestId('menu-campaigns')).toBeVisible();
  await page.getByTestId('campaign-add').click();
  const dialog = page.getByTestId('campaign-dialog');
  await dialog.getByTestId('campaign-name').fill(`Promo ${id}`);
  await dialog.getByRole('combobox', { name: 'Connection' }).click();
  await page.getByTestId(`campaign-connection-${connection.id}`).click();
  await dialog.getByTestId('campaign-body').fill('Olá {{firstName}}, temos novidades!');
  await dialog.getByTestId('campaign-csv').setInputFiles({
    name: 'lista.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`phone,name\n${people.map((p) => `${p.number},${p.name}`).join('\n')}\n`),
  });
  await expect(dialog.getByTestId('campaign-csv-loaded')).toContainText('3 rows from lista.csv');
  // No gaps, no warm-up, any hour: the test does not wait for the ban-safe pace.
  for (const key of ['minGapSeconds', 'maxGapSeconds']) await dialog.getByTestId(`campaign-pacing-${key}`).fill('0');
  await dialog.getByTestId('campaign-pacing-warmup').uncheck();
  await dialog.getByTestId('campaign-pacing-respectWorkHours').uncheck();
  await page.screenshot({ path: `${SHOTS}/campaigns-1-dialog-en.png` });
  await dialog.getByTestId('campaign-save').click();

  const detail = page.getByTestId('campaign-detail');
  await expect(detail.getByTestId('campaign-status')).toHaveText('Draft');
  await expect(detail.getByTestId(`campaign-recipient-${people[2].number}`)).toHaveAttribute('data-status', 'skipped');
  await expect(detail.getByTestId(`campaign-recipient-${people[2].number}`)).toContainText('Opted out');
  await detail.getByTestId('campaign-start').click();
  // The job (every 5 s) hands them to the outbox; the receipts come back live.
  for (const p of people.slice(0, 2)) {
    await expect(detail.getByTestId(`campaign-recipient-${p.number}`)).toHaveAttribute('data-status', /^(sent|delivered|read)$/, {
      timeout: 60_000,
    });
  }
  await expect(detail.getByTestId('campaign-status')).toHaveText('Finished', { timeout: 30_000 });
  await expect(detail.getByTestId(`campaign-recipient-${people[2].number}`)).toHaveAttribute('data-status', 'skipped');
  await page.screenshot({ path: `${SHOTS}/campaigns-2-detail-en.png`, fullPage: true });

  // The customer's phone got the message with the name from the file.
  const chat = await api.route(SIMULATOR_ROUTES.chat, { params: { customer: people[0].number }, query: { to: connectionNumber } });
  expect(chat.filter((m) => m.body === `Olá Ana, temos novidades!`)).toHaveLength(1);

  // A paced campaign (10–15 min between sends, so no second send comes during the test): paused after its first send, then resumed.
  const slowPeople = [phoneNumber('5541'), phoneNumber('5541'), phoneNumber('5541')];
  const slow = await api.route(CAMPAIGN_ROUTES.create, {
    body: {
      name: `Lenta ${id}`,
      whatsappId: connection.id,
      body: 'Oi {{name}}',
      audience: { csv: slowPeople.map((number) => ({ number, name: '' })) },
      pacing: {
        minGapSeconds: 600,
        maxGapSeconds: 900,
        hourlyCap: 60,
        dailyCap: 300,
        warmup: false,
        warmupStart: 20,
        respectWorkHours: false,
        stopAfterRefusals: 5,
        stopAfterDisconnects: 3,
        cloudTier: 1000,
      },
    },
  });
  await detail.getByRole('button', { name: /All campaigns/ }).click();
  await page.getByTestId(`campaign-row-${slow.id}`).click();
  await detail.getByTestId('campaign-start').click();
  // The first recipient is handed over (the simulator may deliver it at once: sent or delivered), the others wait for the gap.
  await expect(detail.getByTestId('campaign-count-queued')).toHaveAttribute('data-count', '2', { timeout: 60_000 });
  await detail.getByTestId('campaign-pause').click();
  await expect(detail.getByTestId('campaign-status')).toHaveText('Paused');
  await expect(detail.getByTestId('campaign-count-queued')).toHaveAttribute('data-count', '2');
  await detail.getByTestId('campaign-resume').click();
  await expect(detail.getByTestId('campaign-status')).toHaveText('Running');

  // Portuguese.
  await useLanguage(page, 'pt');
  await expect(page.getByRole('heading', { name: 'Campanhas' })).toBeVisible();
  await page.getByTestId(`campaign-row-${slow.id}`).click();
  await expect(detail.getByTestId('campaign-status')).toHaveText('Enviando');
  await detail.getByRole('button', { name: /Todas as campanhas/ }).click();
  await page
    .locator('[data-testid^="campaign-row-"]')
    .filter({ hasText: `Promo ${id}` })
    .click();
  await expect(detail.getByTestId(`campaign-recipient-${people[2].number}`).getByTestId('recipient-status')).toHaveText('Ignorado');
  await expect(detail.getByTestId(`campaign-recipient-${people[0].number}`).getByTestId('recipient-status')).toHaveText(
    /^(Enviada|Entregue|Lida)$/,
  );
  await page.screenshot({ path: `${SHOTS}/campaigns-3-detail-pt.png`, fullPage: true });
  await useLanguage(page, 'en');
  await api.route(CAMPAIGN_ROUTES.cancel, { params: { id: slow.id } });
});

test('the menu entry and the page are for admins and users granted the campaigns permission', async ({ page }) => {
  test.setTimeout(300_000);
  const id = unique();
  await login(page, ADMIN.email, ADMIN.password);
  const api = await Api.of(page);
  const plain = { email: `plain-${id}@e2e.local`, password: 'secret1' };
  const granted = { email: `granted-${id}@e2e.local`, password: 'secret1' };
  // The typecheck (npm run typecheck:tests) refuses a call the table does not describe.
  const wrongCalls = [
    // @ts-expect-error the campaign's parameter is `id`
    () => api.route(CAMPAIGN_ROUTES.cancel, { params: { campaignId: 1 } }),
    // @ts-expect-error a user's name is text
    () => api.route(USER_ROUTES.create, { body: { name: 5, ...plain } }),
  ];
  expect(wrongCalls).toHaveLength(2);
  await api.route(USER_ROUTES.create, { body: { name: `Plain ${id}`, ...plain } });
  await api.route(USER_ROUTES.create, { body: { name: `Granted ${id}`, ...granted, campaigns: 'enabled' } });
  await logout(page);

  await login(page, plain.email, plain.password);
  await expect(page.getByTestId('menu-scheduled')).toBeVisible();
  await expect(page.getByTestId('menu-campaigns')).toHaveCount(0);
  await page.goto('/campaigns');
  await expect(page.getByTestId('campaigns-table')).toHaveCount(0);
  const refused = await (await Api.of(page)).raw('GET', '/api/campaigns');
  expect(refused.status()).toBe(403);
  await logout(page);

  await login(page, granted.email, granted.password);
  await page.getByTestId('menu-campaigns').click();
  await expect(page.getByTestId('campaigns-table')).toBeVisible();
});
