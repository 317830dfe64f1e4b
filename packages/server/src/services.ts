/** Builds every service once and wires the few cross-module hooks. */
import type { AppContext } from './context.js';
import { AuthService } from './modules/auth/service.js';
import type { SettingsService } from './modules/settings/service.js';
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
import { whatsappDriverFactory } from './channels/whatsapp/driver.js';
import { WebchatHub } from './channels/webchat/hub.js';
import { webchatDriverFactory } from './channels/webchat/driver.js';
import { WebchatService } from './channels/webchat/service.js';
import { InboundPipeline } from './messaging/inbound.js';
import { MediaStore } from './messaging/media-store.js';
import { Outbox } from './messaging/outbox.js';
import { ConnectionsService } from './modules/connections/service.js';
import { MessagesService } from './modules/messages/service.js';
import { TicketsService } from './modules/tickets/service.js';
import type { ChannelKind } from '@switchboard/shared';
import { DefaultConnectionNumberChecker } from './channels/default-connection.js';
import { DashboardService } from './modules/dashboard/service.js';
import { ExternalApiService } from './modules/external-api/service.js';
import { NotifyRpc } from './lib/notify-rpc.js';
import { installAutomation, type Automation, type AutomationOptions } from './automation/index.js';

export interface Services {
  auth: AuthService;
  users: UsersService;
  settings: SettingsService;
  contacts: ContactsService;
  tags: TagsService;
  quickAnswers: QuickAnswersService;
  queues: QueuesService;
  media: MediaStore;
  channels: ChannelManager;
  inbound: InboundPipeline;
  outbox: Outbox;
  simulator: SimulatorNetwork | null;
  webchat: WebchatService;
  connections: ConnectionsService;
  messages: MessagesService;
  tickets: TicketsService;
  automation: Automation;
  /** Calls between server processes (session actions, simulated phones); started by buildApp. */
  processes: NotifyRpc;
  dashboard: DashboardService;
  externalApi: ExternalApiService;
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
  users.onCredentialsChanged = async (userId) => {
    await auth.revokeAllSessions(userId);
  };
  const media = new MediaStore(path.join(ctx.config.dataDir, 'media'), ctx.config.mediaMaxBytes);
  const simulator = ctx.config.simulatorEnabled ? new SimulatorNetwork(ctx.db, media) : null;
  const webchatHub = new WebchatHub(ctx, media);
  const channels = new ChannelManager(ctx, {
    whatsapp: whatsappDriverFactory,
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
  const tickets = new TicketsService(ctx);
  // Automation: sector menu, greetings, ratings, inactivity, calls, scheduled jobs.
  const automation = installAutomation(ctx, { inbound, outbox, channels, tickets }, options.automation);
  return {
    media,
    channels,
    inbound,
    outbox,
    simulator,
    webchat: new WebchatService(ctx, webchatHub),
    connections: new ConnectionsService(ctx, channels),
    messages: new MessagesService(ctx, channels, outbox, media),
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
    queues: new QueuesService(ctx),
  };
}
