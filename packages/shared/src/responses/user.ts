import { z } from 'zod';
import { isoDateTime, namedRefSchema, pageSchema, queueRefSchema } from './common.js';

const flag = z.enum(['enabled', 'desabled']);

/** A user as every API answer presents it (never with the password hash). */
export const userSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    profile: z.enum(['admin', 'user']),
    whatsappId: z.number().int().nullable(),
    whatsapp: namedRefSchema.nullable(),
    queues: z.array(queueRefSchema),
    startWork: z.string(),
    endWork: z.string(),
    allHistoric: flag,
    isRemoveTags: flag,
    viewConection: flag,
    viewSector: flag,
    viewName: flag,
    viewTags: flag,
    allTicket: flag,
    /** May create and run campaigns (admins always may). */
    campaigns: flag,
    online: z.boolean().optional(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'User' });
export type UserDTO = z.infer<typeof userSchema>;

export const usersPageSchema = pageSchema('users', userSchema);
export type UsersPage = z.infer<typeof usersPageSchema>;

/** POST /auth/login and /auth/refresh_token: the access token and who it is for. */
export const sessionSchema = z.object({ token: z.string(), user: userSchema });
export type SessionDTO = z.infer<typeof sessionSchema>;

export const authConfigSchema = z.object({ signupAllowed: z.boolean() });
