/**
 * Campaigns (admins and users granted the campaigns permission). Outside the table, as files: the
 * recipients' CSV export (`GET /campaigns/:id/recipients/export`) and the campaign's file, a
 * multipart upload (`PUT`/`DELETE /campaigns/:id/media`, http/attachment-routes.ts).
 */
import { z } from 'zod';
import { campaignRecipientsPageSchema, campaignRecipientsQuerySchema, campaignSaveSchema, campaignSchema } from '../schemas/campaign.js';
import { dbIdParamSchema } from '../schemas/ids.js';
import { route } from './route.js';

/** A step of a campaign's life: the same call shape for each. */
const step = <const P extends string>(path: P) => route({ method: 'POST', path, params: dbIdParamSchema, answer: campaignSchema });

export const CAMPAIGN_ROUTES = {
  /** Newest first. */
  list: route({ method: 'GET', path: '/campaigns', answer: z.array(campaignSchema) }),
  /** With its counts per recipient status. */
  show: route({ method: 'GET', path: '/campaigns/:id', params: dbIdParamSchema, answer: campaignSchema }),
  recipients: route({
    method: 'GET',
    path: '/campaigns/:id/recipients',
    params: dbIdParamSchema,
    query: campaignRecipientsQuerySchema,
    answer: campaignRecipientsPageSchema,
  }),
  /** A draft, or scheduled when it has a start time. */
  create: route({ method: 'POST', path: '/campaigns', body: campaignSaveSchema, answer: campaignSchema, status: 201 }),
  /** Only before it starts. */
  update: route({ method: 'PUT', path: '/campaigns/:id', params: dbIdParamSchema, body: campaignSaveSchema, answer: campaignSchema }),
  start: step('/campaigns/:id/start'),
  pause: step('/campaigns/:id/pause'),
  resume: step('/campaigns/:id/resume'),
  cancel: step('/campaigns/:id/cancel'),
};
