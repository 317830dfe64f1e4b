/** Builds every service once, each with its dependencies named at construction. */
import type { AppContext } from './context.js';
import { AuthService, revokeAllSessions } from './modules/auth/service.js';
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
import type { WebhookDispatcher } from './modules/webhooks/dispatcher.js';
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
import { PushService } from './modules/push/service.js';
import { PushNotifier } from './modules/push/notifier.js';
import { PushSender, type PushSenderOptions } from './modules/push/sender.js';
import { loadVapidKeys } from './modules/push/vapid-keys.js';
import type { VapidKeys } from './modules/push/web-push.js';
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
  /** Web Push: users' devices, and the pushes of what the bell shows (sent in the background). */
  push: PushService;
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

/**
 * What the context's announcements hand their events to, built before the context and the
 * services: the webhook dispatcher and Web Push's sender and notifier (`buildPushDelivery`).
 */
export interface AnnouncementSinks {
  webhookDispatcher: WebhookDispatcher;
  push: PushDelivery;
}

/** Web Push's keys, its background sender, and the notifier every announcement passes (the context's `push`). */
export interface PushDelivery {
  keys: VapidKeys;
  sender: PushSender;
  notifier: PushNotifier;
}

/**
 * Every dependency is given when a service is built, so this function reads as the map of what
 * depends on what. Three pairs depend on each other (channels ↔ outbox: sessions tell the outbox
 * when they connect and the outbox sends through them; users ↔ automation's assigner; inbound ↔
 * opt-out): there the earlier one gets a callback that calls the later one, named in its
 * constructor, never a hook assigned afterwards. Observers of the inbound pipeline and the ticket
 * lifecycle subscribe where they are built (automation/index.ts, opt-out below).
 */
export function buildServices(
  ctx: AppContext,
  { webhookDispatcher, push: pushDelivery }: AnnouncementSinks,
  options: ServiceOptions = {},
): Services {
  const media = new MediaStore(path.join(ctx.config.dataDir, 'media'), ctx.config.mediaMaxBytes);
  // Calls between server processes (session actions, simulated phones, web-chat deliveries).
  const processes = new NotifyRpc(ctx.database, 'switchboard_process_calls', ctx.log);
  const simulator = ctx.config.simulatorEnabled ? new SimulatorNetwork(ctx.db, media, processes) : null;
  const cloudAccounts = new CloudAccounts(SecretBox.fromConfig(ctx.config), ctx.clock);
  const webchatHub = new WebchatHub(ctx, media, processes);
  const inbound = new InboundPipeline(ctx, media);
  const channels = new ChannelManager(ctx, {
    factories: {
      // Loaded with its first session: baileys is large and many servers run no WhatsApp session.
      whatsapp: lazyWhatsappDriverFactoryWith({ webVersion: ctx.config.whatsappWebVersion, ...ctx.config.whatsappSends }),
      'whatsapp-cloud': cloudDriverFactory(ctx.config.cloudGraphUrl, (id) => cloudAccounts.get(ctx.db, id)),
      webchat: webchatDriverFactory(webchatHub),
      ...(simulator ? { simulator: simulatorDriverFactory(simulator) } : {}),
      ...options.factories,
    },
    processes,
    onEvent: (connectionId, event) => inbound.handle(connectionId, event),
    onConnected: (connectionId) => void outbox.kick(connectionId),
    onAdopted: async (connectionId, since) => void (await reannounceSince(ctx, connectionId, since)),
  });
  const outbox = new Outbox(ctx, channels, media);
  const cloud = new CloudService(ctx, channels, cloudAccounts, outbox);
  const tickets = new TicketsService(ctx);
  const notes = new NotesService(ctx);
  // The window is checked when the message goes, not when it was written.
  const scheduledMessages = new ScheduledMessagesService(ctx, outbox, media, (ticket) => cloud.assertWindowOpen(ticket));
  const push = new PushService(ctx, pushDelivery.keys, pushDelivery.notifier, pushDelivery.sender);
  const campaigns = new CampaignsService(ctx, media);
  const campaignSender = new CampaignSender(ctx, outbox, campaigns);
  const webchatLimits = new WebchatLimits(ctx, ctx.config.webchat);
  // Automation: sector menu, greetings, ratings, inactivity, calls, auto-assignment and the scheduler
  // that also runs the other modules' time-driven jobs.
  const automation = installAutomation(
    ctx,
    {
      inbound,
      outbox,
      channels,
      tickets,
      jobs: [
        { name: 'webchatVisitorExpiry', run: (now) => webchatLimits.expireVisitors(now) },
        { name: 'scheduledMessages', run: (now) => scheduledMessages.runDue(now) },
        { name: 'campaigns', run: (now) => campaignSender.runDue(now) },
      ],
    },
    options.automation,
  );
  // Auto-assignment: an attendant coming online or joining a sector, or a sector's settings changing, may start it.
  ctx.realtime.onUserConnected((userId) => automation.assigner.kickUserSectors(userId));
  const users = new UsersService(ctx, {
    onCredentialsChanged: (userId, tx) => revokeAllSessions(ctx.clock, tx, userId),
    onSectorsChanged: (userId) => automation.assigner.kickUserSectors(userId),
  });
  const auth = new AuthService(ctx, users);
  const queues = new QueuesService(ctx, { onSettingsChanged: (queueId) => automation.assigner.kick(queueId) });
  const messages = new MessagesService(ctx, channels, outbox, media, notes, (ticket) => cloud.assertWindowOpen(ticket));
  const optOut = new OptOutService(ctx, { ctx, outbox });
  inbound.onStored((stored) => optOut.onInbound(stored));
  inbound.onStored((stored) => campaignSender.onInbound(stored));
  return {
    push,
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

/**
 * Web Push: the VAPID keys (environment or DATA_DIR), the background sender, and the notifier
 * every announcement passes. It needs only the database, the settings and the clock, so it is
 * built before the context that carries it (as `ctx.push`).
 */
export function buildPushDelivery(
  base: Pick<AppContext, 'db' | 'clock' | 'log' | 'config' | 'settings'>,
  options: Partial<PushSenderOptions> = {},
): PushDelivery {
  const keys = loadVapidKeys(base.config.dataDir, base.config.push);
  const sender = new PushSender(base, keys, options);
  return { keys, sender, notifier: new PushNotifier(base, sender) };
}
