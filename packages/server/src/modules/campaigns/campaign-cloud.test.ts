/**
 * A campaign on a WhatsApp Cloud API connection, through the Graph API stand-in: each recipient
 * gets one approved template with its variables filled in for them (no free-form text: a campaign
 * starts conversations, which only a template may), Meta's status webhooks become the recipients'
 * statuses, and a recipient Meta accepts and then cannot deliver to shows failed with the reason.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CAMPAIGN_PACING, type CampaignDTO, type CampaignRecipientDTO } from '@switchboard/shared';
import { messages } from '../../db/schema.js';
import { GraphStandin, type SentToCustomer } from '../../test/graph-standin.js';
import { createTestServer, type TestServer } from '../../test/harness.js';
import { apiCaller } from '../../test/http.js';
import { waitFor } from '../../test/simulator.js';

const PHONE_ID = '106540352242977';
const BUSINESS_ID = '102290129340377';
const account = {
  phoneNumberId: PHONE_ID,
  businessAccountId: BUSINESS_ID,
  accessToken: 'EAAGm0PX4ZCpsBAcampaign',
  appSecret: 'app-secret-campaign-0123',
  verifyToken: 'verify-token-campaign',
};
const TEMPLATE = { name: 'black_friday', language: 'pt_BR', category: 'MARKETING', status: 'APPROVED' as const };

describe('a campaign on the Cloud API', () => {
  const standin = new GraphStandin();
  let s: TestServer;
  let connectionId: number;
  const api = apiCaller(() => s);
  const recipients = async (id: number) =>
    (await api('GET', `/campaigns/${id}/recipients?limit=500`, s.adminToken)).json<{ recipients: CampaignRecipientDTO[] }>().recipients;
  const sentTo = (to: string): SentToCustomer[] => [...standin.sent.values()].filter((m) => m.to === to);

  beforeAll(async () => {
    const graphUrl = await standin.start();
    s = await createTestServer({ env: { WHATSAPP_CLOUD_GRAPH_URL: graphUrl } });
    const base = await s.listen();
    standin.addNumber({ ...account, displayPhoneNumber: '+55 11 4000-7777', webhook: 'http://unset' });
    standin.addTemplate(BUSINESS_ID, { ...TEMPLATE, body: 'Olá {{1}}! Seu cupom {{2}} vale até domingo.' });
    const res = await api('POST', '/whatsapp', s.adminToken, { name: 'Cloud campanhas', channel: 'whatsapp-cloud', cloud: account });
    expect(res.statusCode, res.body).toBe(201);
    connectionId = res.json<{ id: number }>().id;
    standin.setWebhook(PHONE_ID, `${base}/api/channels/whatsapp-cloud/${connectionId}/webhook`);
    await waitFor(
      async () => (await api('GET', `/whatsapp/${connectionId}`, s.adminToken)).json<{ status: string }>().status === 'CONNECTED',
      15_000,
    );
  }, 60_000);
  afterAll(async () => {
    // The stand-in goes first: a send still waiting on it then fails at once instead of holding the stop.
    await standin.close();
    await s.stop();
  });

  it('sends each recipient one template with their variables; statuses follow the webhooks; a refusal shows failed with its reason', async () => {
    const people = [
      { number: '5511987202001', name: 'Ana Souza' },
      { number: '5511987202002', name: 'Bruno Lima' },
      { number: '5511987202003', name: 'Carla Dias' },
    ];
    const [ana, bruno, carla] = people.map((p) => p.number);
    // Meta takes Carla's template and then reports it undeliverable (not on WhatsApp, or blocked).
    standin.refuseAfterAccepting({ to: carla }, { code: 131026, title: 'Message undeliverable' });

    const created = await api('POST', '/campaigns', s.adminToken, {
      name: 'Black Friday Cloud',
      whatsappId: connectionId,
      body: 'Olá {{firstName}}! Seu cupom … vale até domingo.',
      template: { name: TEMPLATE.name, language: TEMPLATE.language, variables: ['{{firstName}}', 'BF-{{firstName}}'] },
      audience: { csv: people },
      pacing: { ...DEFAULT_CAMPAIGN_PACING, cloudTier: 1000 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json<CampaignDTO>();
    expect(campaign).toMatchObject({ status: 'draft', total: 3, template: { name: 'black_friday', language: 'pt_BR' } });
    expect((await api('POST', `/campaigns/${campaign.id}/start`, s.adminToken)).statusCode).toBe(200);

    // One tick hands the whole audience over: the Cloud API is paced by Meta's tier, not by gaps.
    expect(await s.services.campaignSender.runDue(new Date())).toBe(3);
    await standin.until(() => people.every((p) => sentTo(p.number).length === 1), 'one template to each recipient');
    await waitFor(async () => {
      const byNumber = new Map((await recipients(campaign.id)).map((r) => [r.number, r]));
      return (
        byNumber.get(ana)?.status === 'delivered' && byNumber.get(bruno)?.status === 'delivered' && byNumber.get(carla)?.status === 'failed'
      );
    }, 15_000);

    // What reached Meta: a template message (never free text), with each recipient's own variables.
    for (const p of people) {
      const [sent] = sentTo(p.number);
      expect(sent.type).toBe('template');
      const first = p.name.split(' ')[0];
      expect(sent.payload.template).toEqual({
        name: 'black_friday',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: first },
              { type: 'text', text: `BF-${first}` },
            ],
          },
        ],
      });
    }
    const refused = (await recipients(campaign.id)).find((r) => r.number === carla)!;
    expect(refused).toMatchObject({ status: 'failed', reason: 'ERR_CLOUD_UNDELIVERABLE' });
    const counts = (await api('GET', `/campaigns/${campaign.id}`, s.adminToken)).json<CampaignDTO>().counts;
    expect(counts).toMatchObject({ delivered: 2, failed: 1, queued: 0 });

    // Ana reads it: her "read" status becomes the recipient's.
    await standin.customerReads(PHONE_ID, [sentTo(ana)[0].id]);
    await waitFor(async () => (await recipients(campaign.id)).find((r) => r.number === ana)?.status === 'read', 10_000);
    expect((await recipients(campaign.id)).find((r) => r.number === bruno)?.status).toBe('delivered');

    // Bruno answers: replied, on his ticket.
    await standin.customerSends(PHONE_ID, bruno, { type: 'text', text: { body: 'Quero o cupom' } });
    await waitFor(async () => (await recipients(campaign.id)).find((r) => r.number === bruno)?.status === 'replied', 10_000);

    // Nobody is left: finished, and later ticks send nothing more — still one message each.
    await s.services.campaignSender.runDue(new Date());
    await s.services.campaignSender.runDue(new Date());
    expect((await api('GET', `/campaigns/${campaign.id}`, s.adminToken)).json<CampaignDTO>().status).toBe('finished');
    for (const p of people) expect(sentTo(p.number)).toHaveLength(1);
    const stored = await s.database.db
      .select({ sendState: messages.sendState, lastError: messages.lastError })
      .from(messages)
      .where(and(eq(messages.whatsappId, connectionId), like(messages.idempotencyKey, `campaign:${campaign.id}:%`)));
    expect(stored).toHaveLength(3);
    expect(stored.filter((m) => m.sendState === 'failed')).toEqual([{ sendState: 'failed', lastError: 'ERR_CLOUD_UNDELIVERABLE' }]);
  }, 60_000);

  it('fails a recipient visibly when Meta refuses the template itself, and goes on with the others', async () => {
    const people = [
      { number: '5511987203001', name: 'Diana Prince' },
      { number: '5511987203002', name: 'Eva Rocha' },
    ];
    // A template Meta does not know in that language: every send is refused outright (132001).
    const created = await api('POST', '/campaigns', s.adminToken, {
      name: 'Template errado',
      whatsappId: connectionId,
      body: 'Hello {{firstName}}',
      template: { name: TEMPLATE.name, language: 'en_US', variables: ['{{firstName}}', 'X'] },
      audience: { csv: people },
      pacing: { ...DEFAULT_CAMPAIGN_PACING, stopAfterRefusals: 0 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json<CampaignDTO>();
    await api('POST', `/campaigns/${campaign.id}/start`, s.adminToken);
    expect(await s.services.campaignSender.runDue(new Date())).toBe(2);
    await waitFor(async () => (await recipients(campaign.id)).every((r) => r.status === 'failed'), 15_000);
    expect((await recipients(campaign.id)).map((r) => r.reason)).toEqual(['ERR_CLOUD_TEMPLATE', 'ERR_CLOUD_TEMPLATE']);
    for (const p of people) expect(sentTo(p.number)).toHaveLength(0);
  }, 60_000);
});
