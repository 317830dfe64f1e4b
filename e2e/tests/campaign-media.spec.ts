/**
 * Files and waits in the browser: the campaign dialog names each invalid field in Spanish and
 * Portuguese; a campaign carries an image that reaches the customer's phone; its page says why it
 * waits (the pacing gap, a pause) in English and Portuguese; in a chat a message is scheduled with
 * a document, a file too large is refused with a clear message and the form goes on editing what
 * was saved.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { acceptTicket, ADMIN, Api, expectToast, login, pairSimulator, phoneNumber, recordToasts, unique } from './helpers';

const SHOTS = '/tmp/shots';
fs.mkdirSync(SHOTS, { recursive: true });
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function useLanguage(page: Page, language: 'pt' | 'en' | 'es'): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('i18nextLng', l), language);
  await page.reload();
}

test('the campaign dialog speaks the chosen language; a campaign sends its image and says why it waits', async ({ page }) => {
  test.setTimeout(300_000);
  const id = unique();
  await login(page, ADMIN.email, ADMIN.password);
  await recordToasts(page);
  const api = await Api.of(page);
  const connection = await api.call<{ id: number }>('POST', '/api/whatsapp', { name: `Mídia ${id}`, channel: 'simulator' });
  const connectionNumber = phoneNumber('5511');
  await pairSimulator(api, connection.id, connectionNumber);

  await page.goto('/campaigns');
  await useLanguage(page, 'es');
  await page.getByTestId('campaign-add').click();
  const dialog = page.getByTestId('campaign-dialog');
  for (const key of ['minGapSeconds', 'maxGapSeconds'])
    await dialog.getByTestId(`campaign-pacing-${key}`).fill(key === 'minGapSeconds' ? '50' : '10');
  await dialog.getByTestId('campaign-save').click();
  const errors = dialog.getByTestId('campaign-errors');
  await expect(errors).toContainText('Nombre: Obligatorio');
  await expect(errors).toContainText('Conexión: Elija una conexión');
  await expect(errors).toContainText('El intervalo más largo es menor que el más corto');
  await expect(errors).not.toContainText('Required');
  await page.screenshot({ path: `${SHOTS}/campaign-media-1-errors-es.png` });
  await dialog.getByRole('button', { name: 'Cancelar', exact: true }).click();

  await useLanguage(page, 'pt');
  await page.getByTestId('campaign-add').click();
  await dialog.getByTestId('campaign-save').click();
  await expect(dialog.getByTestId('campaign-errors')).toContainText('Escolha uma conexão');
  await useLanguage(page, 'en');

  // Two customers, ten minutes between sends: the first goes, the second waits for the gap.
  const people = [phoneNumber('5531'), phoneNumber('5531')];
  await page.getByTestId('campaign-add').click();
  await dialog.getByTestId('campaign-name').fill(`Foto ${id}`);
  await dialog.getByRole('combobox', { name: 'Connection' }).click();
  await page.getByTestId(`campaign-connection-${connection.id}`).click();
  await dialog.getByTestId('campaign-body').fill('Nossa vitrine de hoje');
  await dialog.getByTestId('campaign-csv').setInputFiles({
    name: 'lista.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`phone,name\n${people.map((p, i) => `${p},Pessoa ${i}`).join('\n')}\n`),
  });
  await dialog.getByTestId('campaign-media-input').setInputFiles({ name: 'vitrine.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByTestId('campaign-media-name')).toContainText('vitrine.png');
  await dialog.getByTestId('campaign-pacing-minGapSeconds').fill('600');
  await dialog.getByTestId('campaign-pacing-maxGapSeconds').fill('600');
  await dialog.getByTestId('campaign-pacing-warmup').uncheck();
  await dialog.getByTestId('campaign-pacing-respectWorkHours').uncheck();
  await page.screenshot({ path: `${SHOTS}/campaign-media-2-dialog-en.png` });
  await dialog.getByTestId('campaign-save').click();

  const detail = page.getByTestId('campaign-detail');
  await expect(detail.getByTestId('campaign-media-line')).toContainText('Image: vitrine.png');
  await detail.getByTestId('campaign-start').click();
  // The job (every 5 s) sends the first; the next tick finds the gap.
  await expect(detail.getByTestId('campaign-waiting')).toHaveAttribute('data-reason', 'gap', { timeout: 60_000 });
  await expect(detail.getByTestId('campaign-waiting')).toContainText('Waiting for the pacing gap between two sends: next send at');
  await page.screenshot({ path: `${SHOTS}/campaign-media-3-gap-en.png`, fullPage: true });
  const chat = await api.call<{ type: string; body: string }[]>('GET', `/api/simulator/chats/${people[0]}?to=${connectionNumber}`);
  expect(chat.filter((m) => m.type === 'image' && m.body === 'Nossa vitrine de hoje')).toHaveLength(1);

  await detail.getByTestId('campaign-pause').click();
  await expect(detail.getByTestId('campaign-waiting')).toHaveAttribute('data-reason', 'paused');
  await useLanguage(page, 'pt');
  await page
    .locator('[data-testid^="campaign-row-"]')
    .filter({ hasText: `Foto ${id}` })
    .click();
  await expect(detail.getByTestId('campaign-waiting')).toHaveText('Pausada: nada é enviado até ser retomada.');
  await expect(detail.getByTestId('campaign-media-line')).toContainText('Imagem: vitrine.png');
  await page.screenshot({ path: `${SHOTS}/campaign-media-4-paused-pt.png`, fullPage: true });
  await detail.getByTestId('campaign-resume').click();
  await expect(detail.getByTestId('campaign-waiting')).toHaveAttribute('data-reason', 'gap', { timeout: 60_000 });
  await expect(detail.getByTestId('campaign-waiting')).toContainText('Aguardando o intervalo entre dois envios');
  await useLanguage(page, 'en');
});

test('a message is scheduled in a chat with a document; a file too large is refused and the form keeps editing what was saved', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const id = unique();
  await login(page, ADMIN.email, ADMIN.password);
  await recordToasts(page);
  const api = await Api.of(page);
  const connection = await api.call<{ id: number }>('POST', '/api/whatsapp', { name: `Agenda mídia ${id}`, channel: 'simulator' });
  const connectionNumber = phoneNumber('5511');
  await pairSimulator(api, connection.id, connectionNumber);
  const customer = { number: phoneNumber('5531'), name: `Duda ${id}` };
  await api.call('POST', '/api/simulator/messages', { from: customer.number, to: connectionNumber, name: customer.name, body: 'Oi' });

  await page.goto('/tickets');
  await page.getByTestId('tab-pending').click();
  await acceptTicket(page, page.locator('[data-testid^="ticket-item-"]').filter({ hasText: customer.name }));
  await page.getByTestId('ticket-options').click();
  await page.getByTestId('ticket-scheduled').click();
  const dialog = page.getByTestId('scheduled-dialog');
  const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByTestId('scheduled-body-input').fill('Segue o contrato');
  await dialog.getByTestId('scheduled-send-at').fill(`${inTwoDays}T10:00`);
  // 17 MB of an image: over WhatsApp's 16 MB for images.
  const big = Buffer.concat([PNG, Buffer.alloc(17 * 1024 * 1024)]);
  await dialog.getByTestId('scheduled-media-input').setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: big });
  await dialog.getByTestId('scheduled-submit').click();
  await expectToast(page, 'The file is too large.', 'error');
  // The text was saved: the form now changes it rather than scheduling a second one.
  const items = dialog.locator('[data-testid^="scheduled-item-"]');
  await expect(items).toHaveCount(1);
  await expect(dialog.getByTestId('scheduled-form')).toContainText('Change the scheduled message');

  await dialog
    .getByTestId('scheduled-media-input')
    .setInputFiles({ name: 'contrato.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n' + ' '.repeat(4000)) });
  await dialog.getByTestId('scheduled-submit').click();
  await expectToast(page, 'Scheduled message changed.');
  await expect(items).toHaveCount(1);
  await expect(items.first().getByTestId('scheduled-media-line')).toContainText('Document: contrato.pdf');
  await page.screenshot({ path: `${SHOTS}/campaign-media-5-scheduled-en.png` });

  await useLanguage(page, 'es');
  await page.getByTestId('ticket-options').click();
  await page.getByTestId('ticket-scheduled').click();
  await expect(dialog.locator('[data-testid^="scheduled-item-"]').first().getByTestId('scheduled-media-line')).toContainText(
    'Documento: contrato.pdf',
  );
  await expect(dialog.getByTestId('scheduled-media')).toContainText('Adjuntar archivo');
  await useLanguage(page, 'en');
});
