import type { ContactDTO, contactFormSchema } from '@switchboard/shared';
import type { z } from 'zod';
import type { ContactPayload } from '../../api/contacts';

/** `tags` holds whole tags ({id, name, color}) in the form; the schema reduces them to ids. */
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFormOutput = z.output<typeof contactFormSchema>;

export const emptyContactForm = (): ContactFormInput => ({ name: '', number: '', email: '', extraInfo: [], tags: [] });

export const contactToForm = (c: ContactDTO): ContactFormInput => ({
  name: c.name,
  number: c.number,
  email: c.email ?? '',
  extraInfo: c.extraInfo.map(({ name, value }) => ({ name, value })),
  tags: c.tags,
});

export const formToPayload = (values: ContactFormOutput): ContactPayload => ({
  name: values.name,
  number: values.number,
  email: values.email,
  extraInfo: values.extraInfo.map(({ name, value }) => ({ name, value })),
  tags: values.tags ?? [],
});

export const EMPTY_EXTRA_INFO = { name: '', value: '' };
