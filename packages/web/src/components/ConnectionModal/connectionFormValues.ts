/**
 * Between the connection form and the API. The form holds exactly the API's flat fields (spec §3:
 * monday…, StartDefineWorkHoursMonday, …Lunch), so the shared `connectionCreateSchema` validates it
 * as it is and the payload needs no reshaping.
 */
import {
  WEBCHAT_DEFAULT_COLOR,
  WEEKDAYS,
  dayLabel,
  defaultWeekHours,
  flattenWeekHours,
  type ChannelKind,
  type ConnectionDTO,
  type Weekday,
} from '@switchboard/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { connectionCreateSchema, connectionUpdateSchema } from '@switchboard/shared';
import type { FieldValues, Resolver, ResolverOptions } from 'react-hook-form';
import type { ConnectionPayload } from '../../api/connectionsAdmin';

type Day = Capitalize<Weekday>;
type TimeField =
  `StartDefineWorkHours${Day}` | `EndDefineWorkHours${Day}` | `StartDefineWorkHours${Day}Lunch` | `EndDefineWorkHours${Day}Lunch`;

export const MESSAGE_FIELDS = [
  'greetingMessage',
  'farewellMessage',
  'ratingMessage',
  'transferTicketMessage',
  'outOfWorkMessage',
  'inactiveMessage',
] as const;
type MessageField = (typeof MESSAGE_FIELDS)[number];

export type ConnectionFormValues = {
  name: string;
  channel: ChannelKind;
  isDefault: boolean;
  isDisplay: boolean;
  isGroup: boolean;
  sendInactiveMessage: boolean;
  timeInactiveMessage: number;
  defineWorkHours: boolean;
  holidays: string[];
  queueIds: number[];
  defaultQueueId: number | null;
  /** The Cloud API account (whatsapp-cloud only); secrets start empty: they are write-only. */
  cloud: { phoneNumberId: string; businessAccountId: string; accessToken: string; appSecret: string; verifyToken: string };
  /** Website widget settings; sent for webchat connections only. */
  webchat: { allowedSites: string[]; color: string; askContact: boolean };
} & Record<MessageField, string> &
  Record<Weekday, boolean> &
  Record<TimeField, string>;

/** The four time fields of one weekday, in grid order. */
export function dayTimeFields(day: Weekday): [TimeField, TimeField, TimeField, TimeField] {
  const L = dayLabel(day);
  return [`StartDefineWorkHours${L}`, `EndDefineWorkHours${L}`, `StartDefineWorkHours${L}Lunch`, `EndDefineWorkHours${L}Lunch`];
}

export function emptyConnectionForm(): ConnectionFormValues {
  return {
    name: '',
    channel: 'whatsapp',
    isDefault: false,
    isDisplay: false,
    isGroup: false,
    greetingMessage: '',
    farewellMessage: '',
    ratingMessage: '',
    transferTicketMessage: '',
    outOfWorkMessage: '',
    inactiveMessage: '',
    sendInactiveMessage: false,
    timeInactiveMessage: 0,
    defineWorkHours: false,
    holidays: [],
    queueIds: [],
    defaultQueueId: null,
    cloud: { phoneNumberId: '', businessAccountId: '', accessToken: '', appSecret: '', verifyToken: '' },
    webchat: { allowedSites: [], color: WEBCHAT_DEFAULT_COLOR, askContact: false },
    ...(flattenWeekHours(defaultWeekHours()) as Record<Weekday, boolean> & Record<TimeField, string>),
  };
}

export function connectionToForm(c: ConnectionDTO): ConnectionFormValues {
  const form = emptyConnectionForm();
  const values: ConnectionFormValues = {
    ...form,
    name: c.name,
    channel: c.channel,
    isDefault: c.isDefault,
    isDisplay: c.isDisplay,
    isGroup: c.isGroup,
    sendInactiveMessage: c.sendInactiveMessage,
    timeInactiveMessage: c.timeInactiveMessage ?? 0,
    defineWorkHours: c.defineWorkHours,
    holidays: c.holidays ?? [],
    queueIds: (c.queueIds ?? c.queues?.map((q) => q.id) ?? []).slice(),
    defaultQueueId: c.defaultQueueId ?? null,
    cloud: { ...form.cloud, phoneNumberId: c.cloud?.phoneNumberId ?? '', businessAccountId: c.cloud?.businessAccountId ?? '' },
    webchat: c.webchat
      ? { allowedSites: c.webchat.allowedSites.slice(), color: c.webchat.color, askContact: c.webchat.askContact }
      : form.webchat,
  };
  for (const f of MESSAGE_FIELDS) values[f] = c[f] ?? '';
  // Work hours: the DTO carries the same flat fields; anything missing keeps the default.
  for (const d of WEEKDAYS) {
    if (typeof c[d] === 'boolean') values[d] = c[d];
    for (const f of dayTimeFields(d)) if (typeof c[f] === 'string') values[f] = c[f];
  }
  return values;
}

/** The request body; the channel kind is chosen once, at creation. */
export function formToPayload(values: ConnectionFormValues, mode: 'create' | 'edit'): ConnectionPayload {
  const { channel, cloud, webchat, ...rest } = values;
  // The default sector must be one of the chosen sectors.
  const defaultQueueId = values.defaultQueueId != null && values.queueIds.includes(values.defaultQueueId) ? values.defaultQueueId : null;
  const payload: ConnectionPayload = { ...rest, defaultQueueId, ...(channel === 'webchat' ? { webchat } : {}) };
  if (mode === 'create') payload.channel = channel;
  // Only a Cloud API connection has an account; a secret left empty when editing keeps the saved one.
  if (channel === 'whatsapp-cloud') {
    payload.cloud = Object.fromEntries(Object.entries(cloud).filter(([, v]) => mode === 'create' || v.trim() !== ''));
  }
  return payload;
}

/**
 * The form checked with the route's own schemas: creating with the create schema (the account
 * required for, and only for, Cloud API connections); editing with the update schema (secrets
 * optional). Answers the form's values as they are, so the payload is built from them.
 */
export function connectionFormResolver(mode: 'create' | 'edit'): Resolver<ConnectionFormValues> {
  return async (values, context, options) => {
    const { cloud, webchat, channel, ...rest } = values;
    const isCloud = channel === 'whatsapp-cloud';
    const widget = channel === 'webchat' ? { webchat } : {};
    const checked =
      mode === 'create'
        ? { ...rest, channel, ...widget, ...(isCloud ? { cloud } : {}) }
        : {
            ...rest,
            ...widget,
            ...(isCloud ? { cloud: Object.fromEntries(Object.entries(cloud).filter(([, v]) => v.trim() !== '')) } : {}),
          };
    const schema = mode === 'create' ? connectionCreateSchema : connectionUpdateSchema;
    const result = await zodResolver(schema as never)(checked, context, options as unknown as ResolverOptions<FieldValues>);
    return Object.keys(result.errors).length ? { values: {}, errors: result.errors as never } : { values, errors: {} };
  };
}
