/**
 * PUT and DELETE `<record>/:id/media`: the one file of a record that sends it later (a scheduled
 * message, a campaign). Who may attach is checked before the upload is read, so a refused file is
 * never received; a file the record then refuses (it started meanwhile) is not kept.
 */
import { dbIdParamSchema } from '@switchboard/shared';
import type { z } from 'zod';
import type { MediaStore } from '../lib/media-store.js';
import type { StoredMediaRef } from '../db/schema.js';
import type { CurrentUser } from '../store/users.js';
import { ATTACHMENT_ERRORS, readAttachment } from './attachment-upload.js';
import { answers, INPUT, SIGNED_IN, type ErrorCodes } from './responses.js';
import type { App } from './types.js';

/** The record's service: whether the caller may change its file, and the change (null removes it). */
export interface AttachmentOwner<T> {
  assertCanAttach(actor: CurrentUser, id: number): Promise<void>;
  attach(actor: CurrentUser, id: number, file: StoredMediaRef | null): Promise<T>;
}

export interface AttachmentRoutes<T> {
  /** The record's path, with its `:id`. */
  path: `/${string}/:id`;
  tags: string[];
  summaries: { attach: string; remove: string };
  /** The record as answered after the change. */
  answer: z.ZodType<T>;
  /** Why the record refuses (not found, no longer changeable, not this caller's). */
  refusals: ErrorCodes[];
  owner: AttachmentOwner<T>;
  media: MediaStore;
  maxRequestBytes: number;
}

export function registerAttachmentRoutes<T>(app: App, r: AttachmentRoutes<T>): void {
  const opts = { onRequest: app.authenticate };
  // The caller's types tie the answer to the owner's record; Fastify is given it as any answer.
  const owner: AttachmentOwner<unknown> = r.owner;
  const response = (...more: ErrorCodes[]): Record<number, z.ZodType> =>
    answers({ 200: r.answer }, SIGNED_IN, INPUT, ...r.refusals, ...more);
  app.put(
    `${r.path}/media`,
    {
      ...opts,
      schema: {
        tags: r.tags,
        summary: r.summaries.attach,
        consumes: ['multipart/form-data'],
        params: dbIdParamSchema,
        response: response(ATTACHMENT_ERRORS),
      },
    },
    async (req) => {
      await owner.assertCanAttach(req.actor, req.params.id);
      const file = await readAttachment(req, r.media, r.maxRequestBytes);
      try {
        return await owner.attach(req.actor, req.params.id, file);
      } catch (err) {
        await r.media.remove([file.name]);
        throw err;
      }
    },
  );
  app.delete(
    `${r.path}/media`,
    {
      ...opts,
      schema: {
        tags: r.tags,
        summary: r.summaries.remove,
        params: dbIdParamSchema,
        response: response(),
      },
    },
    (req) => owner.attach(req.actor, req.params.id, null),
  );
}
