/**
 * Files with scheduled messages and campaigns: attached with a chat upload's limits, refused to
 * whoever may not change the schedule or campaign before the file is read, refused when too large
 * or missing, kept on disk while a sent message or a pending schedule or campaign names them,
 * and sent through the outbox like a chat media message when due — one stored file for every
 * occurrence and every recipient.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_CAMPAIGN_PACING, type CampaignDTO, type ScheduledMessageDTO } from '@switchboard/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, contacts, messages, simulatorMessages, tickets } from '../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';
import { multipart, pdf } from '../test/multipart.js';
import { connectSimulator, customerSends, phoneNumber, waitFor } from '../test/simulator.js';

const MB = 1024 * 1024;
/** A 1×1 PNG: its type is read from these bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const FAST = { ...DEFAULT_CAMPAIGN_PACING, minGapSeconds: 0, maxGapSeconds: 0, warmup: false, respectWorkHours: false };

describe('files with scheduled messages and campaigns', () => {
  let s: TestServer;
  let conn: { id: number; number: string };
  const mediaFiles = () => fs.readdirSync(path.join(s.config.dataDir, 'media')).sort();
  const json = (method: string, url: string, token: string, payload?: unknown) =>
    s.app.inject({ method: method as never, url: `/api${url}`, headers: bearer(token), payload: payload as never });
  const attach = (url: string, token: string, file: { filename: string; data: Buffer; type: string } | null) => {
    const form = multipart({}, file ? [{ name: 'media', ...file }] : []);
    return s.app.inject({ method: 'PUT', url: `/api${url}`, headers: { ...form.headers, ...bearer(token) }, payload: form.payload });
  };
  const received = (customer: string) =>
    s.database.db
      .select()
      .from(simulatorMessages)
      .where(and(eq(simulatorMessages.customer, customer), eq(simulatorMessages.sender, 'connection')));

  beforeAll(async () => {
    // The tests run the scheduled jobs themselves: a background tick would finish the campaign
    // between its last send and the test's cancel whenever the machine is slow.
    s = await createTestServer({ env: { MEDIA_MAX_MB: '2', UPLOAD_MAX_REQUEST_MB: '3' }, automation: { scheduler: false } });
    conn = await connectSimulator(s);
  }, 120_000);
  afterAll(() => s?.stop());

  async function openTicket(): Promise<{ from: string; ticketId: number }> {
    const from = phoneNumber();
    await customerSends(s, { from, to: conn.number, name: 'Ana', body: 'Oi' });
    const ticketId = await waitFor(async () => {
      const [row] = await s.database.db
        .select({ id: tickets.id })
        .from(tickets)
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(eq(contacts.number, from));
      return row?.id;
    });
    expect((await json('PUT', `/tickets/${ticketId}`, s.adminToken, { status: 'open' })).statusCode).toBe(200);
    return { from, ticketId };
  }

  /** Tomorrow at 09:00 in the company's zone, as the form writes it. */
  const tomorrow = () => `${new Date(Date.now() + 86_400_000 * 2).toISOString().slice(0, 10)}T09:00`;

  it('a scheduled message carries an image, sent through the outbox as a media message with its caption when due', async () => {
    const { from, ticketId } = await openTicket();
    const created = await json('POST', `/tickets/${ticketId}/scheduledMessages`, s.adminToken, { body: 'Seu boleto', sendAt: tomorrow() });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<ScheduledMessageDTO>().id;
    expect(created.json<ScheduledMessageDTO>().media).toBeNull();

    const before = mediaFiles();
    const res = await attach(`/scheduledMessages/${id}/media`, s.adminToken, { filename: 'foto.png', data: PNG, type: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ScheduledMessageDTO>().media).toEqual({ filename: 'foto.png', mimetype: 'image/png', kind: 'image', size: PNG.length });
    expect(mediaFiles()).toHaveLength(before.length + 1);
    // The chat's list shows it too.
    const list = (await json('GET', `/tickets/${ticketId}/scheduledMessages`, s.adminToken)).json<ScheduledMessageDTO[]>();
    expect(list.find((m) => m.id === id)?.media?.filename).toBe('foto.png');

    expect(await s.services.scheduledMessages.runDue(new Date(Date.now() + 3 * 86_400_000))).toBe(1);
    const [sent] = await s.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true), eq(messages.body, 'Seu boleto')));
    expect(sent).toMatchObject({ mediaType: 'image', mediaName: 'foto.png', mediaMime: 'image/png' });
    const got = await waitFor(async () => (await received(from)).find((m) => m.type === 'image'), 15_000);
    expect(got).toMatchObject({ body: 'Seu boleto', mediaMime: 'image/png' });
    // Sent: no longer pending, so no new file is taken.
    const late = await attach(`/scheduledMessages/${id}/media`, s.adminToken, { filename: 'b.png', data: PNG, type: 'image/png' });
    expect({ status: late.statusCode, error: late.json().error as unknown }).toEqual({ status: 409, error: 'ERR_SCHEDULE_NOT_PENDING' });
  }, 60_000);

  it('refuses a user who may not manage the message, a file too large and a request without a file, keeping nothing', async () => {
    const { ticketId } = await openTicket();
    const id = (
      await json('POST', `/tickets/${ticketId}/scheduledMessages`, s.adminToken, { body: 'Oi', sendAt: tomorrow() })
    ).json<ScheduledMessageDTO>().id;
    const before = mediaFiles();
    // The ticket is the admin's: another attendant does not see it (nor that the message exists).
    const other = await s.createUser();
    const refused = await attach(`/scheduledMessages/${id}/media`, other.token, {
      filename: 'a.pdf',
      data: pdf(10_000),
      type: 'application/pdf',
    });
    expect({ status: refused.statusCode, error: refused.json().error as unknown }).toEqual({ status: 404, error: 'ERR_NOT_FOUND' });
    expect((await json('DELETE', `/scheduledMessages/${id}/media`, other.token)).statusCode).toBe(404);

    const big = await attach(`/scheduledMessages/${id}/media`, s.adminToken, {
      filename: 'big.pdf',
      data: pdf(2 * MB + 1),
      type: 'application/pdf',
    });
    expect(big.statusCode, big.body).toBe(413);
    expect(big.json()).toMatchObject({ error: 'ERR_MEDIA_TOO_LARGE', message: expect.stringContaining('2 MB') as unknown });
    const none = await attach(`/scheduledMessages/${id}/media`, s.adminToken, null);
    expect({ status: none.statusCode, error: none.json().error as unknown }).toEqual({ status: 400, error: 'ERR_VALIDATION' });
    const notMultipart = await json('PUT', `/scheduledMessages/${id}/media`, s.adminToken, { file: 'x' });
    expect({ status: notMultipart.statusCode, error: notMultipart.json().error as unknown }).toEqual({
      status: 400,
      error: 'ERR_VALIDATION',
    });

    expect(mediaFiles()).toEqual(before);
    expect((await json('GET', `/tickets/${ticketId}/scheduledMessages`, s.adminToken)).json<ScheduledMessageDTO[]>()[0].media).toBeNull();
  });

  it('a replaced or removed file that nothing sent is deleted from disk', async () => {
    const { ticketId } = await openTicket();
    const id = (
      await json('POST', `/tickets/${ticketId}/scheduledMessages`, s.adminToken, { body: 'Oi', sendAt: tomorrow() })
    ).json<ScheduledMessageDTO>().id;
    const before = mediaFiles();
    await attach(`/scheduledMessages/${id}/media`, s.adminToken, { filename: 'a.pdf', data: pdf(10_000), type: 'application/pdf' });
    const first = mediaFiles().filter((f) => !before.includes(f));
    expect(first).toHaveLength(1);
    const replaced = await attach(`/scheduledMessages/${id}/media`, s.adminToken, { filename: 'b.png', data: PNG, type: 'image/png' });
    expect(replaced.json<ScheduledMessageDTO>().media?.filename).toBe('b.png');
    const second = mediaFiles().filter((f) => !before.includes(f));
    expect(second).toHaveLength(1);
    expect(second).not.toEqual(first);
    const removed = await json('DELETE', `/scheduledMessages/${id}/media`, s.adminToken);
    expect(removed.json<ScheduledMessageDTO>().media).toBeNull();
    expect(mediaFiles()).toEqual(before);

    // Cancelled before it was ever sent: its file goes too. A campaign cancelled before it started likewise.
    await attach(`/scheduledMessages/${id}/media`, s.adminToken, { filename: 'c.pdf', data: pdf(10_000), type: 'application/pdf' });
    expect(mediaFiles()).toHaveLength(before.length + 1);
    expect((await json('DELETE', `/scheduledMessages/${id}`, s.adminToken)).statusCode).toBe(200);
    expect(mediaFiles()).toEqual(before);
    const campaign = await json('POST', '/campaigns', s.adminToken, {
      name: 'Nunca',
      whatsappId: conn.id,
      body: 'Oi',
      audience: { csv: [{ number: phoneNumber(), name: '' }] },
    });
    const campaignId = campaign.json<CampaignDTO>().id;
    await attach(`/campaigns/${campaignId}/media`, s.adminToken, { filename: 'd.pdf', data: pdf(10_000), type: 'application/pdf' });
    expect(mediaFiles()).toHaveLength(before.length + 1);
    expect((await json('POST', `/campaigns/${campaignId}/cancel`, s.adminToken)).statusCode).toBe(200);
    expect(mediaFiles()).toEqual(before);
  });

  it('a campaign sends its document to every recipient as one stored file; only before it starts, only by who may run campaigns', async () => {
    const people = [phoneNumber(), phoneNumber()];
    const made = await json('POST', '/campaigns', s.adminToken, {
      name: 'Catálogo',
      whatsappId: conn.id,
      body: 'Olá {{firstName}}, nosso catálogo',
      audience: { csv: people.map((number, i) => ({ number, name: `Pessoa${i} Silva` })) },
      pacing: FAST,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<CampaignDTO>().id;

    const before = mediaFiles();
    const plain = await s.createUser();
    const refused = await attach(`/campaigns/${id}/media`, plain.token, { filename: 'c.pdf', data: pdf(20_000), type: 'application/pdf' });
    expect({ status: refused.statusCode, error: refused.json().error as unknown }).toEqual({ status: 403, error: 'ERR_NO_PERMISSION' });
    expect((await json('DELETE', `/campaigns/${id}/media`, plain.token)).statusCode).toBe(403);
    const big = await attach(`/campaigns/${id}/media`, s.adminToken, {
      filename: 'big.png',
      data: Buffer.concat([PNG, Buffer.alloc(2 * MB)]),
      type: 'image/png',
    });
    expect({ status: big.statusCode, error: big.json().error as unknown }).toEqual({ status: 413, error: 'ERR_MEDIA_TOO_LARGE' });
    expect(mediaFiles()).toEqual(before);

    const ok = await attach(`/campaigns/${id}/media`, s.adminToken, {
      filename: 'catalogo.pdf',
      data: pdf(20_000),
      type: 'application/pdf',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<CampaignDTO>().media).toEqual({ filename: 'catalogo.pdf', mimetype: 'application/pdf', kind: 'document', size: 20_000 });
    // Switched to a template (which carries its own header), the file would silently not go: refused.
    const toTemplate = await json('PUT', `/campaigns/${id}`, s.adminToken, {
      name: 'Catálogo',
      whatsappId: conn.id,
      body: 'Olá {{firstName}}, nosso catálogo',
      template: { name: 'catalogo', language: 'pt_BR', variables: [] },
      audience: { csv: people.map((number, i) => ({ number, name: `Pessoa${i} Silva` })) },
      pacing: FAST,
    });
    expect(toTemplate.json()).toMatchObject({
      error: 'ERR_VALIDATION',
      message: expect.stringContaining('remove the file first') as unknown,
    });
    expect(toTemplate.statusCode).toBe(400);
    expect((await json('GET', `/campaigns/${id}`, s.adminToken)).json<CampaignDTO>()).toMatchObject({
      template: null,
      media: { filename: 'catalogo.pdf' },
    });

    await json('POST', `/campaigns/${id}/start`, s.adminToken);
    await s.services.campaignSender.runDue(new Date());
    const rows = await s.database.db
      .select({ mediaPath: messages.mediaPath, mediaType: messages.mediaType, body: messages.body })
      .from(campaignRecipients)
      .innerJoin(messages, eq(messages.id, campaignRecipients.messageId))
      .where(eq(campaignRecipients.campaignId, id));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.mediaType === 'document')).toBe(true);
    expect(new Set(rows.map((r) => r.mediaPath)).size).toBe(1);
    expect(rows.map((r) => r.body).sort()).toEqual(['Olá Pessoa0, nosso catálogo', 'Olá Pessoa1, nosso catálogo']);
    await waitFor(
      async () =>
        (
          await s.database.db
            .select()
            .from(simulatorMessages)
            .where(and(inArray(simulatorMessages.customer, people), eq(simulatorMessages.sender, 'connection')))
        ).filter((m) => m.type === 'document' && m.mediaName === 'catalogo.pdf').length === 2,
      15_000,
    );

    // Started: the file is what was sent; it can be neither replaced nor removed, and stays on disk.
    const late = await attach(`/campaigns/${id}/media`, s.adminToken, { filename: 'x.pdf', data: pdf(1000), type: 'application/pdf' });
    expect({ status: late.statusCode, error: late.json().error as unknown }).toEqual({ status: 409, error: 'ERR_CAMPAIGN_STATE' });
    expect((await json('DELETE', `/campaigns/${id}/media`, s.adminToken)).statusCode).toBe(409);
    expect(mediaFiles()).toContain(rows[0].mediaPath);
    // Cancelled after sending: what was sent keeps its file.
    expect((await json('POST', `/campaigns/${id}/cancel`, s.adminToken)).statusCode).toBe(200);
    expect(mediaFiles()).toContain(rows[0].mediaPath);
  }, 60_000);
});
