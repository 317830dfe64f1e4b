/** The file of a scheduled message or a campaign: uploaded (multipart, field `media`) or removed after its text is saved. */
import type { z } from 'zod';
import type { AttachmentChoice } from '../components/AttachmentPicker';
import { api } from './client';

/**
 * The text was saved but its file was refused (too large, a bad type…): the form goes on editing
 * the saved record, so that trying again does not create a second one.
 */
export class AttachmentError<T> extends Error {
  constructor(
    readonly saved: T,
    readonly reason: unknown,
  ) {
    super('The file was not attached');
  }
}

/** Applies the form's choice after `saved` was written; returns the record as it is after. Throws AttachmentError. */
export async function saveAttachment<S extends z.ZodType>(
  path: string,
  schema: S,
  saved: z.infer<S> & { media: unknown },
  choice: AttachmentChoice,
): Promise<z.infer<S>> {
  try {
    return (await applyAttachment(path, schema, choice, !!saved.media)) ?? saved;
  } catch (err) {
    throw new AttachmentError(saved, err);
  }
}

/** Applies the form's choice at `path` (…/media); returns the record as it is after, or null when nothing changed. */
export async function applyAttachment<S extends z.ZodType>(
  path: string,
  schema: S,
  choice: AttachmentChoice,
  hasFile: boolean,
): Promise<z.infer<S> | null> {
  if (choice.kind === 'new') {
    const form = new FormData();
    form.append('media', choice.file, choice.file.name);
    return api.put(path, schema, form);
  }
  if (choice.kind === 'remove' && hasFile) return api.delete(path, schema);
  return null;
}
