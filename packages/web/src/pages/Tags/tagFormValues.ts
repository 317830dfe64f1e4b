import type { TagDTO } from '@switchboard/shared';
import type { tagFormSchema } from '@switchboard/shared';
import type { z } from 'zod';

export type TagFormInput = z.input<typeof tagFormSchema>;
export type TagFormOutput = z.output<typeof tagFormSchema>;

/** A new tag starts with the product's primary colour, so the picker shows something sensible. */
export const DEFAULT_TAG_COLOR = '#6b62fe';

export const emptyTagForm = (): TagFormInput => ({ name: '', color: DEFAULT_TAG_COLOR });

export const tagToForm = (tag: TagDTO): TagFormInput => ({ name: tag.name, color: tag.color });
