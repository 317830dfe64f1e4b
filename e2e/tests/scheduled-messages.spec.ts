/**
 * Scheduled messages in the browser: in a chat the attendant schedules a message for a time of the
 * company's time zone and a weekly one with an end; the form refuses a repeat without an end; the
 * calendar page shows the sends on their days, and one is cancelled there; the pages read in
 * Portuguese and Spanish too; and the message scheduled a minute or so ahead reaches the chat.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { acceptTicket, ADMIN, Api, login, pairSimulator, phoneNumber, recordToasts, expectToast, unique } from './helpers';

const SHOTS = '/tmp/shots';
fs.mkdirSync(SHOTS, { recursive: true });

/** 'YYYY-MM-DDTHH:mm' of `date` in `timeZone`. */
function wallTime(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

async function useLanguage(page: Page, language: 'pt' | 'en' | 'es'): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('i18nextLng', l), language);
  await page.reload();
}

test('an attendant schedules messages in a chat, sees them on the calendar, cancels one, and the due one is sent', async ({ page }) => {
  test.setTimeout(300_000);
  const id = unique();
  await login(page, ADMIN.email, ADMIN.password);
  await recordToasts(page);
  const api = await Api.of(page);
  const settings = await api.call<{ key: string; value: string }[]>('GET', '/api/settings');
  const timeZone = settings.find((s) => s.key === 'timezone')?.value || 'UTC';

  const connection = await api.call<{ id: number }>('POST', '/api/whatsapp', { name: `Agenda ${id}`, channel: 'simulator' });
  const connectionNumber = phoneNumber('5511');
  await pairSimulator(api, connection.id, connectionNumber);
  const customer = { number: phoneNumber('5531'), name: `Bia ${id}` };
  await api.call('POST', '/api/simulator/messages', {
    from: customer.number,
    to: connectionNumber,
    name: customer.name,
    body: 'Oi, preciso de ajuda',
  });

  await page.goto('/tickets');
  await page.getByTestId('tab-pending').click();
  await acceptTicket(page, page.locator('[data-testid^="ticket-item-"]').filter({ hasText: customer.name }));
  await expect(page).toHaveURL(/\/tickets\/\d+$/);
  const ticketId = Number(/\/tickets\/(\d+)$/.exec(page.url())![1]);

  // The first whole minute at least 40 s ahead: still ahead when the form is sent (the field has
  // minutes only), and due soon, since the test waits for it to go out.
  const soon = wallTime(new Date(Math.ceil((Date.now() + 40_000) / 60_000) * 60_000), timeZone);
  await page.getByTestId('ticket-options').click();
  await page.getByTestId('ticket-scheduled').click();
  const dialog = page.getByTestId('scheduled-dialog');
  await expect(dialog.getByTestId('scheduled-list')).toContainText('Nothing scheduled in this chat.');
  await expect(dialog).toContainText(`Company time zone: ${timeZone}`);
  await dialog.getByTestId('scheduled-body-input').fill('Oi {{name}}, passando para lembrar do seu pedido');
  await dialog.getByTestId('scheduled-send-at').fill(soon);
  await dialog.getByTestId('scheduled-submit').click();
  await expectToast(page, 'Message scheduled.');
  const first = dialog.locator('[data-testid^="scheduled-item-"]').filter({ hasText: 'passando para lembrar' });
  await expect(first.getByTestId('scheduled-status-scheduled')).toBeVisible();

  // A weekly message needs its last day: the form says so before anything is sent.
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  const weeklyAt = `${wallTime(tomorrow, timeZone).slice(0, 10)}T09:00`;
  await dialog.getByTestId('scheduled-body-input').fill('Resumo semanal do atendimento');
  await dialog.getByTestId('scheduled-send-at').fill(weeklyAt);
  await dialog.getByTestId('scheduled-recurrence').click();
  await page.getByTestId('scheduled-recurrence-weekly').click();
  await dialog.getByTestId('scheduled-submit').click();
  await expect(dialog.getByTestId('scheduled-form')).toContainText('A repeating message needs an end date');
  const until = wallTime(new Date(Date.now() + 22 * 24 * 3600_000), timeZone).slice(0, 10);
  await dialog.getByTestId('scheduled-until').fill(until);
  await dialog.getByTestId('scheduled-submit').click();
  await expectToast(page, 'Message scheduled.');
  const weekly = dialog.locator('[data-testid^="scheduled-item-"]').filter({ hasText: 'Resumo semanal' });
  await expect(weekly.getByTestId('scheduled-when')).toContainText('Every week until');
  await page.screenshot({ path: `${SHOTS}/scheduled-1-dialog-en.png` });
  await dialog.getByTestId('scheduled-close').click();

  const listed = await api.call<{ id: number; body: string }[]>('GET', `/api/tickets/${ticketId}/scheduledMessages`);
  const weeklyId = listed.find((m) => m.body === 'Resumo semanal do atendimento')!.id;

  // The calendar shows tomorrow's send on its day (the month after, when tomorrow is in it).
  await page.getByTestId('menu-scheduled').click();
  await expect(page).toHaveURL(/\/scheduled$/);
  const day = page.getByTestId(`calendar-day-${weeklyAt.slice(0, 10)}`);
  await expect(page.getByTestId('calendar-grid')).toBeVisible();
  if (!(await day.isVisible())) await page.getByTestId('calendar-next').click();
  await expect(day.getByTestId(`calendar-entry-${weeklyId}`)).toContainText(`09:00 · ${customer.name}`);
  await expect(page.getByTestId('calendar-zone')).toContainText(timeZone);
  await page.screenshot({ path: `${SHOTS}/scheduled-2-calendar-en.png` });

  await useLanguage(page, 'pt');
  await expect(page.getByTestId('main-menu')).toContainText('Mensagens agendadas');
  await expect(page.getByTestId('calendar-zone')).toContainText('Fuso horário da empresa');
  await page.screenshot({ path: `${SHOTS}/scheduled-3-calendar-pt.png` });
  await useLanguage(page, 'es');
  await expect(page.getByTestId('main-menu')).toContainText('Mensajes programados');
  await expect(page.getByTestId('calendar-zone')).toContainText('Zona horaria de la empresa');
  await page.screenshot({ path: `${SHOTS}/scheduled-4-calendar-es.png` });
  await useLanguage(page, 'en');

  // Cancelled from the calendar: every send of it leaves the calendar.
  await expect(page.getByTestId('calendar-grid')).toBeVisible();
  if (!(await day.isVisible())) await page.getByTestId('calendar-next').click();
  await day.getByTestId(`calendar-entry-${weeklyId}`).click();
  const details = page.getByTestId('calendar-details');
  await expect(details.getByTestId('calendar-details-body')).toHaveText('Resumo semanal do atendimento');
  await details.getByTestId('calendar-cancel').click();
  await expectToast(page, 'Scheduled message cancelled.');
  await expect(page.getByTestId(`calendar-entry-${weeklyId}`)).toHaveCount(0);

  // The first one goes out at its time: it is in the chat, and its schedule says "Sent".
  await page.goto(`/tickets/${ticketId}`);
  await expect(
    page.locator('[data-from-me="true"]').filter({ hasText: `Oi ${customer.name}, passando para lembrar do seu pedido` }),
  ).toBeVisible({ timeout: 200_000 });
  await useLanguage(page, 'pt');
  await page.getByTestId('ticket-options').click();
  await page.getByTestId('ticket-scheduled').click();
  await expect(page.getByTestId('scheduled-dialog')).toContainText('Mensagens agendadas');
  await expect(page.getByTestId('scheduled-dialog').getByTestId('scheduled-status-done')).toHaveText('Enviada');
  await page.screenshot({ path: `${SHOTS}/scheduled-5-sent-pt.png` });
  await useLanguage(page, 'en');
});
