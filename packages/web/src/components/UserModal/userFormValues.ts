/**
 * Between the user form and the API: form defaults (spec §3), a loaded user as form values, and the
 * payload a given editor may send (non-admins only name, email, password and default connection).
 */
import {
  DEFAULT_USER_FLAGS,
  DEFAULT_USER_WORK_TIME,
  USER_FLAGS,
  flagOf,
  userFormSchema,
  type Flag,
  type UserDTO,
  type UserFlag,
  type UserUpdateBody,
} from '@switchboard/shared';
import type { z } from 'zod';
import type { UserPayload } from '../../api/users';

export type UserFormMode = 'create' | 'edit';
export type UserFormInput = z.input<ReturnType<typeof userFormSchema>>;
export type UserFormOutput = z.output<ReturnType<typeof userFormSchema>>;

export function emptyUserForm(): UserFormInput {
  const flags = Object.fromEntries(USER_FLAGS.map((f) => [f, flagOf(DEFAULT_USER_FLAGS[f])])) as Record<UserFlag, Flag>;
  return {
    name: '',
    email: '',
    password: '',
    profile: 'user',
    whatsappId: '',
    queueIds: [],
    startWork: DEFAULT_USER_WORK_TIME.start,
    endWork: DEFAULT_USER_WORK_TIME.end,
    ...flags,
  };
}

export function userToForm(user: UserDTO): UserFormInput {
  return {
    name: user.name,
    email: user.email,
    password: '',
    profile: user.profile,
    whatsappId: user.whatsappId ?? '',
    queueIds: user.queues.map((q) => q.id),
    startWork: user.startWork,
    endWork: user.endWork,
    allHistoric: user.allHistoric,
    isRemoveTags: user.isRemoveTags,
    viewConection: user.viewConection,
    viewSector: user.viewSector,
    viewName: user.viewName,
    viewTags: user.viewTags,
    allTicket: user.allTicket,
    campaigns: user.campaigns,
  };
}

export function formToPayload(values: UserFormOutput, editorIsAdmin: boolean): UserPayload {
  // Built as an update (every field optional); creating, the form has required the rest.
  const payload: UserUpdateBody = {
    name: values.name,
    email: values.email,
    whatsappId: values.whatsappId === '' ? null : values.whatsappId,
  };
  // An empty password in edit mode keeps the current one.
  if (values.password) payload.password = values.password;
  if (!editorIsAdmin) return payload;
  payload.profile = values.profile;
  payload.queueIds = values.queueIds;
  payload.startWork = values.startWork;
  payload.endWork = values.endWork;
  for (const flag of USER_FLAGS) payload[flag] = values[flag];
  return payload;
}
