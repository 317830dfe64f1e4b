/**
 * Opt-out of bulk messages. A customer who writes one of the opt-out words alone (STOP, SAIR,
 * PARAR, BAJA… — OPT_OUT_WORDS) is marked opted out and told so once; writing it again changes
 * nothing and sends nothing. Opting back in is explicit: the customer writes an opt-in word
 * (START, VOLTAR… — OPT_IN_WORDS) or an admin opts the contact in. Every bulk send skips an
 * opted-out contact; conversations with attendants go on as usual.
 */
import { type CompanyLanguage, type ContactDTO } from '@switchboard/shared';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { authorize } from '../../access/authorize.js';
import { normaliseKeyword } from '../../config.js';
import type { AppContext } from '../../context.js';
import { contacts } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { InboundStored } from '../../messaging/inbound.js';
import { announceContact } from '../../messaging/ticket-events.js';
import { sendSystemMessage, type SystemMessageDeps } from '../../automation/system-messages.js';
import { presentContactById } from '../../store/contacts.js';
import type { CurrentUser } from '../../store/users.js';

/** The confirmations, in the company's language (the `language` setting). */
export const OPT_OUT_TEXTS: Record<CompanyLanguage, { out: string; in: string }> = {
  pt: {
    out: 'Pronto: você não receberá mais mensagens em massa nossas. Para voltar a recebê-las, responda VOLTAR.',
    in: 'Pronto: você voltará a receber nossas mensagens.',
  },
  en: {
    out: 'Done: you will no longer receive bulk messages from us. To receive them again, reply START.',
    in: 'Done: you will receive our messages again.',
  },
  es: {
    out: 'Listo: ya no recibirá nuestros mensajes masivos. Para volver a recibirlos, responda VOLVER.',
    in: 'Listo: volverá a recibir nuestros mensajes.',
  },
};

export class OptOutService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: SystemMessageDeps,
  ) {}

  /** Inbound listener: a customer's text that is exactly an opt-out or opt-in word. */
  async onInbound({ contact, ticket, message }: InboundStored): Promise<void> {
    if (message.fromMe || contact.isGroup || message.mediaType !== 'chat') return;
    // "Stop!", "sair." and "  Parar " all count; a sentence that contains the word does not.
    const word = normaliseKeyword(message.body.replace(/[.!?¡¿]+/g, ''));
    const { outWords, inWords } = this.ctx.config.optOut;
    const optingOut = outWords.includes(word);
    if (!optingOut && !inWords.includes(word)) return;
    // Conditional: only the message that changes the state is confirmed (once, across processes).
    const changed = await this.setOptedOut(contact.id, optingOut);
    if (!changed) return;
    const texts = OPT_OUT_TEXTS[this.ctx.settings.get('language') as CompanyLanguage] ?? OPT_OUT_TEXTS.pt;
    await sendSystemMessage(this.deps, ticket, optingOut ? texts.out : texts.in);
  }

  /** An admin opts a contact back in (the customer asked in another way). */
  async optIn(actor: CurrentUser, contactId: number): Promise<ContactDTO> {
    authorize(actor, 'contact.optIn');
    const [row] = await this.ctx.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, contactId));
    if (!row) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
    await this.setOptedOut(contactId, false);
    return (await presentContactById(this.ctx.db, contactId))!;
  }

  private async setOptedOut(contactId: number, optedOut: boolean): Promise<boolean> {
    const [row] = await this.ctx.db
      .update(contacts)
      .set({ optedOutAt: optedOut ? this.ctx.clock.now() : null })
      .where(and(eq(contacts.id, contactId), optedOut ? isNull(contacts.optedOutAt) : isNotNull(contacts.optedOutAt)))
      .returning({ id: contacts.id });
    if (!row) return false;
    const dto = await presentContactById(this.ctx.db, contactId);
    if (dto) announceContact(this.ctx, { action: 'update', contact: dto });
    return true;
  }
}
