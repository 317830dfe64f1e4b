/** Campaign routes: admins and users granted the campaigns permission (the service refuses everyone else). */
import { CAMPAIGN_ROUTES as R, campaignSchema, dbIdParamSchema } from '@switchboard/shared';
import { answers, BODY, fileBody, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';
import { ok, requestSchemas } from '../../http/route-table.js';
import type { App } from '../../http/types.js';
import type { CampaignsService } from './service.js';
import { registerAttachmentRoutes } from '../../http/attachment-routes.js';
import type { MediaStore } from '../../lib/media-store.js';

const NOT_FOUND = { 404: ['ERR_NOT_FOUND'] } as const;
const STATE = { 409: ['ERR_CAMPAIGN_STATE'] } as const;
const SAVE = { 400: ['ERR_CAMPAIGN_NO_RECIPIENTS'], 404: ['ERR_NO_WAPP_FOUND'] } as const;

export function registerCampaignRoutes(app: App, campaigns: CampaignsService, media: MediaStore, maxRequestBytes: number): void {
  const opts = { onRequest: app.authenticate };
  const tags = ['campaigns'];

  app.get(
    R.list.path,
    {
      ...opts,
      schema: { tags, summary: 'Campaigns, newest first', response: answers(ok(R.list), SIGNED_IN, REFUSED) },
    },
    (req) => campaigns.list(req.actor),
  );
  app.get(
    R.show.path,
    {
      ...opts,
      schema: {
        tags,
        summary: 'A campaign with its counts per recipient status',
        ...requestSchemas(R.show),
        response: answers(ok(R.show), SIGNED_IN, INPUT, REFUSED, NOT_FOUND),
      },
    },
    (req) => campaigns.get(req.actor, req.params.id),
  );
  app.get(
    R.recipients.path,
    {
      ...opts,
      schema: {
        tags,
        summary: "A campaign's recipients and their status",
        ...requestSchemas(R.recipients),
        response: answers(ok(R.recipients), SIGNED_IN, INPUT, REFUSED, NOT_FOUND),
      },
    },
    (req) => campaigns.recipients(req.actor, req.params.id, req.query),
  );
  app.get(
    '/campaigns/:id/recipients/export',
    {
      ...opts,
      schema: {
        tags,
        summary: "A campaign's recipients as CSV",
        produces: ['text/csv'],
        params: dbIdParamSchema,
        response: answers({ 200: fileBody('CSV: name;number;status;reason;sentAt;repliedAt') }, SIGNED_IN, INPUT, REFUSED, NOT_FOUND),
      },
    },
    async (req, reply) => {
      const { csv } = await campaigns.exportCsv(req.actor, req.params.id);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="campaign-${req.params.id}.csv"`)
        .send(csv);
    },
  );
  app.post(
    R.create.path,
    {
      ...opts,
      schema: {
        tags,
        summary: 'Create a campaign (a draft, or scheduled when it has a start time)',
        ...requestSchemas(R.create),
        response: answers(ok(R.create), SIGNED_IN, BODY, REFUSED, SAVE),
      },
    },
    async (req, reply) => reply.status(201).send(await campaigns.create(req.actor, req.body)),
  );
  app.put(
    R.update.path,
    {
      ...opts,
      schema: {
        tags,
        summary: 'Change a campaign that has not started',
        ...requestSchemas(R.update),
        response: answers(ok(R.update), SIGNED_IN, BODY, REFUSED, NOT_FOUND, STATE, SAVE),
      },
    },
    (req) => campaigns.update(req.actor, req.params.id, req.body),
  );
  registerAttachmentRoutes(app, {
    path: '/campaigns/:id',
    tags,
    summaries: {
      attach: 'Attach a file sent with the text (multipart, one file in `media`; the limits of a chat upload), before it starts',
      remove: 'Remove the file of a campaign that has not started',
    },
    answer: campaignSchema,
    refusals: [REFUSED, NOT_FOUND, STATE],
    owner: campaigns,
    media,
    maxRequestBytes,
  });
  for (const step of ['start', 'pause', 'resume', 'cancel'] as const) {
    app.post(
      R[step].path,
      {
        ...opts,
        schema: {
          tags,
          summary: `${step[0].toUpperCase()}${step.slice(1)} a campaign`,
          ...requestSchemas(R[step]),
          response: answers(ok(R[step]), SIGNED_IN, INPUT, REFUSED, NOT_FOUND, STATE),
        },
      },
      (req) => campaigns[step](req.actor, req.params.id),
    );
  }
}
