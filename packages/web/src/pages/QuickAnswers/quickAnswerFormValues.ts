import type { QuickAnswerDTO } from '@switchboard/shared';

/** The form holds plain strings; the shared schema trims and checks them (spec §5). */
export interface QuickAnswerFormValues {
  shortcut: string;
  message: string;
}

export const emptyQuickAnswerForm = (): QuickAnswerFormValues => ({ shortcut: '', message: '' });

export const quickAnswerToForm = (q: QuickAnswerDTO): QuickAnswerFormValues => ({ shortcut: q.shortcut, message: q.message });
