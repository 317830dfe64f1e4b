/** Builds every service once and wires the few cross-module hooks. */
import type { AppContext } from './context.js';
import { AuthService } from './modules/auth/service.js';
import type { SettingsService } from './store/settings.js';
import { UsersService } from './modules/users/service.js';
import { ContactsService } from './modules/contacts/service.js';
import { TagsService } from './modules/tags/service.js';
import { QuickAnswersService } from './modules/quick-answers/service.js';
import { QueuesService } from './modules/queues/service.js';
import path from 'node:path';
import type { DriverFactory } from './channels/driver.js';
import { ChannelManager } from './channels/manager.js';
import { SimulatorNetwork } from './channels/simulator/network.js';
import { simulatorDriverFactory } from './channels/simulator/driver.js';
import { lazyWhatsappDriverFactoryWith } from './channels/whatsapp/lazy-driver.js';
import { WebchatHub } from './channels/webchat/hub.js';
import { webchatDriverFactory } from './channels/webchat/driver.js';
import { WebchatService } from './channels/webchat/service.js';
import { WebchatLimits } from './channels/webchat/limits.js';
import { InboundPipeline } from './messaging/inbound.js';
import { MediaStore } from './lib/media-store.js';
import { WhaticketImportService } from './modules/whaticket-import/service.js';
import { reannounceSince } from './messaging/reannounce.js';
import { Outbox } from './messaging/outbox.js';
import { ConnectionsService } from './modules/connections/service.js';
import { MessagesService } from './modules/messages/service.js';
import { NotesService } from './modules/notes/service.js';
import { WebhookDispatcher } from './modules/webhooks/dispatcher.js';
import { WebhooksService } from './modules/webhooks/service.js';
import { TicketsService } from './modules/tickets/service.js';
import type { ChannelKind } from '@switchboard/shared';
import { DefaultConnectionNumberChecker } from './channels/default-connection.js';
import { DashboardService } from './modules/dashboard/service.js';
import { ExternalApiService } from './modules/external-api/service.js';
import { NotifyRpc } from './lib/notify-rpc.js';
import { installAutomation, type Automation, type AutomationOptions } from './automation/index.js';
import { SecretBox } from './lib/secret-box.js';
import { CloudAccounts } from './channels/whatsapp-cloud/accounts.js';
import { cloudDriverFactory } from './channels/whatsapp-cloud/driver.js';
import { CloudService } from './modules/cloud/service.js';
import { ScheduledMessagesService } from './modules/scheduled-messages/service.js';
import { AuditService } from './modules/audit/service.js';
import { OptOutService } from './modules/contacts/opt-out.js';
import { CampaignsService } from './modules/campaigns/service.js';
import { CampaignSender } from './modules/campaigns/sender.js';

export interface Services {
  auth: AuthService;
  users: UsersService;
  settings: SettingsService;
  contacts: ContactsService;
  tags: TagsService;
  quickAnswers: QuickAnswersService;
  queues: QueuesService;
  media: MediaStore;
  whaticketImport: WhaticketImportService;
  channels: ChannelManager;
  inbound: InboundPipeline;
  outbox: Outbox;
  simulator: SimulatorNetwork | null;
  webchat: WebchatService;
  connections: ConnectionsService;
  messages: MessagesService;
  /** Private notes and @mentions. */
  notes: NotesService;
  /** Outgoing webhooks: the deliveries' queue and the admins' registrations. */
  webhookDispatcher: WebhookDispatcher;
  webhooks: WebhooksService;
  tickets: TicketsService;
  automation: Automation;
  /** Calls between server processes (session actions, simulated phones); started by buildApp. */
  processes: NotifyRpc;
  dashboard: DashboardService;
  externalApi: ExternalApiService;
  /** WhatsApp Cloud API: webhook, customer-service window, templates. */
  cloud: CloudService;
  /** Messages users scheduled in a chat, queued to the outbox by a scheduler job when due. */
  scheduledMessages: ScheduledMessagesService;
  /** Who changed what: recorded around the audited routes (modules/audit/trail.ts), listed for admins. */
  audit: AuditService;
  /** Customers' opt-out of bulk messages (STOP / SAIR …) and opting back in. */
  optOut: OptOutService;
  /** Campaigns: written by admins and users allowed them, sent by a scheduler job (campaignSender). */
  campaigns: CampaignsService;
  campaignSender: CampaignSender;
}

export interface ServiceOptions {
  /** Driver factories by channel kind (tests may replace them). */
  factories?: Partial<Record<ChannelKind, DriverFactory>>;
  /** Automation (menu, ratings, inactivity, scheduler) options. */
  automation?: AutomationOptions;
}

export function buildServices(ctx: AppContext, options: ServiceOptions = {}): Services {
  const users = new UsersService(ctx);
  const auth = new AuthService(ctx, users);
  users.onCredentialsChanged = (userId, tx) => auth.revokeAllSessions(userId, tx);
  const media = new MediaStore(path.join(ctx.config.dataDir, 'media'), ctx.config.mediaMaxBytes);
  const simulator = ctx.config.simulatorEnabled ? new SimulatorNetwork(ctx.db, media) : null;
  const cloudAccounts = new CloudAccounts(SecretBox.fromConfig(ctx.config));
  const webchatHub = new WebchatHub(ctx, media);
  const channels = new ChannelManager(ctx, {
    // Loaded with its first session: baileys is large and many servers run no WhatsApp session.
    whatsapp: lazyWhatsappDriverFactoryWith({ webVersion: ctx.config.whatsappWebVersion, ...ctx.config.whatsappSends }),
    'whatsapp-cloud': cloudDriverFactory(ctx.config.cloudGraphUrl, (id) => cloudAccounts.get(ctx.db, id)),
    webchat: webchatDriverFactory(webchatHub),
    ...(simulator ? { simulator: simulatorDriverFactory(simulator) } : {}),
    ...options.factories,
  });
  const processes = new NotifyRpc(ctx.database, 'switchboard_process_calls', ctx.log);
  channels.connectProcesses(processes);
  simulator?.connectProcesses(processes);
  webchatHub.connectProcesses(processes);
  const inbound = new InboundPipeline(ctx, media);
  channels.setEventHandler((connectionId, event) => inbound.handle(connectionId, event));
  const outbox = new Outbox(ctx, channels, media);
  channels.onConnected((connectionId) => void outbox.kick(connectionId));
  channels.onAdopted(async (connectionId, since) => void (await reannounceSince(ctx, connectionId, since)));
  const tickets = new TicketsService(ctx);
  // Automation: sector menu, greetings, ratings, inactivity, calls, scheduled jobs.
  const notes = new NotesService(ctx);
  const webhookDispatcher = new WebhookDispatcher(ctx);
  ctx.webhooks = webhookDispatcher;
  const automation = installAutomation(ctx, { inbound, outbox, channels, tickets }, options.automation);
  const webchatLimits = new WebchatLimits(ctx, ctx.config.webchat);
  automation.scheduler.jobs.push({ name: 'webchatVisitorExpiry', run: (now) => webchatLimits.expireVisitors(now) });
  // Auto-assignment: an attendant coming online or joining a sector, or a sector's settings changing, may start it.
  ctx.realtime.onUserConnected((userId) => automation.assigner.kickUserSectors(userId));
  const queues = new QueuesService(ctx);
  queues.onSettingsChanged = (queueId) => automation.assigner.kick(queueId);
  users.onSectorsChanged = (userId) => automation.assigner.kickUserSectors(userId);
  const cloud = new CloudService(ctx, channels, cloudAccounts, outbox);
  const messages = new MessagesService(ctx, channels, outbox, media, notes);
  messages.beforeSend = (ticket) => cloud.assertWindowOpen(ticket);
  const scheduledMessages = new ScheduledMessagesService(ctx, outbox);
  // The window is checked when the message goes, not when it was written.
  scheduledMessages.beforeSend = (ticket) => cloud.assertWindowOpen(ticket);
  automation.scheduler.jobs.push({ name: 'scheduledMessages', run: (now) => scheduledMessages.runDue(now) });
  const optOut = new OptOutService(ctx, { ctx, outbox });
  inbound.onStored((stored) => optOut.onInbound(stored));
  const campaigns = new CampaignsService(ctx);
  const campaignSender = new CampaignSender(ctx, outbox, campaigns);
  automation.scheduler.jobs.push({ name: 'campaigns', run: (now) => campaignSender.runDue(now) });
  inbound.onStored((stored) => campaignSender.onInbound(stored));
  return {
    campaigns,
    campaignSender,
    audit: new AuditService(ctx),
    cloud,
    scheduledMessages,
    optOut,
    media,
    channels,
    inbound,
    outbox,
    simulator,
    webchat: new WebchatService(ctx, webchatHub, webchatLimits),
    connections: new ConnectionsService(ctx, channels, cloudAccounts),
    messages,
    notes,
    webhookDispatcher,
    webhooks: new WebhooksService(ctx, webhookDispatcher),
    tickets,
    automation,
    processes,
    dashboard: new DashboardService(ctx),
    externalApi: new ExternalApiService(ctx, channels, outbox, media, tickets),
    auth,
    users,
    settings: ctx.settings,
    contacts: new ContactsService(ctx, new DefaultConnectionNumberChecker(ctx, channels)),
    tags: new TagsService(ctx),
    quickAnswers: new QuickAnswersService(ctx),
    queues,
    whaticketImport: new WhaticketImportService(ctx, media),
  };
}
