/**
 * What the simulator's routes accept (customers' phones for connections of kind `simulator`): the
 * route validates with these and the simulator screen types its calls with their z.input.
 */
import { z } from 'zod';
import { reactMessageSchema } from './message.js';

/** Message types a simulated customer can send. */
export const SIMULATOR_TYPES = ['text', 'image', 'audio', 'video', 'document', 'location', 'vcard', 'sticker'] as const;
export type SimulatorType = (typeof SIMULATOR_TYPES)[number];

/** A phone number as people write it (+55 (11) 9…); only its digits are kept. */
const phoneDigits = z
  .string()
  .trim()
  .regex(/^\+?[\d\s().-]{6,30}$/, 'Invalid number')
  .transform((v) => v.replace(/\D/g, ''));
/** A chat on the customer's side: a number or a group id. */
const customerChatId = z.string().regex(/^[\d-]{6,40}$/, 'Invalid customer');

export const simulatorScanBodySchema = z.object({ qrcode: z.string().min(1).max(500), number: phoneDigits.optional() });

export const simulatorMediaSchema = z.object({
  mimetype: z.string().min(1).max(200),
  filename: z.string().max(255).optional(),
  data: z.string().min(1).describe('The file in base64'),
});
export type SimulatorMedia = z.input<typeof simulatorMediaSchema>;

/** POST /simulator/messages: a customer writes to a connection's number. */
export const simulatorSendBodySchema = z
  .object({
    /** The sender's own id for the message: sending the same id again (a retry) is one message. */
    id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid id')
      .optional(),
    from: phoneDigits,
    to: phoneDigits,
    name: z.string().max(100).optional(),
    body: z.string().max(65536).optional(),
    type: z.enum(SIMULATOR_TYPES).optional(),
    media: simulatorMediaSchema.optional(),
    quotedId: z.string().max(100).optional(),
    /** Group id: the customer writes as a member of this group. */
    group: z
      .string()
      .regex(/^\d{6,40}(-\d+)?$/, 'Invalid group id')
      .optional(),
    /** The customer's number is hidden behind their LID (WhatsApp's privacy since the LID migration). */
    hideNumber: z.boolean().optional(),
  })
  .meta({ example: { from: '5511988887777', to: '5511999990000', name: 'Ana', body: 'Hello, I need help with my order' } });
export type SimulatorSendInput = z.input<typeof simulatorSendBodySchema>;

export const simulatorChatParamsSchema = z.object({ customer: customerChatId });
export const simulatorChatQuerySchema = z.object({ to: phoneDigits });
export const simulatorMessageIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const simulatorEditBodySchema = z.object({ body: z.string().trim().min(1).max(65536) });
export type SimulatorEditBody = z.input<typeof simulatorEditBodySchema>;
/** The customer's reaction on a message of the chat; an empty emoji takes it away. */
export const simulatorReactBodySchema = reactMessageSchema;
export const simulatorReadBodySchema = z.object({ customer: customerChatId, to: phoneDigits });
export const simulatorCallBodySchema = z.object({ from: phoneDigits, to: phoneDigits });
export const simulatorDisconnectBodySchema = z.object({ to: phoneDigits });

/** Codes a simulated customer can refuse messages with, as WhatsApp acks refused sends (463, 479). */
export const SIMULATOR_REFUSAL_CODES = ['463', '479'] as const;
/** A simulated customer's phone number (10–15 digits, not starting with 0). */
export const simulatorCustomerParamsSchema = z.object({ customer: z.string().regex(/^[1-9]\d{9,14}$/, 'Invalid customer number') });
/**
 * PUT /simulator/customers/:customer/behaviour: the customer's chats addressed by LID (a
 * LID-migrated account: sends to the number are refused with 463), and/or every message refused.
 */
export const simulatorBehaviourBodySchema = z.object({
  lidAddressed: z.boolean(),
  refuses: z.enum(SIMULATOR_REFUSAL_CODES).nullable(),
});
export type SimulatorBehaviourInput = z.input<typeof simulatorBehaviourBodySchema>;
