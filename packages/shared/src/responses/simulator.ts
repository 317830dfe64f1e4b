/** The simulator's answers (customers' phones for connections of kind `simulator`). */
import { z } from 'zod';
import { isoDateTime } from './common.js';

export const simulatorPendingQrSchema = z.object({ connectionId: z.number().int(), qrcode: z.string() });
export type SimulatorPendingQr = z.infer<typeof simulatorPendingQrSchema>;

export const simulatorScanSchema = z.object({ connectionId: z.number().int(), number: z.string() });

/** 201: the product stored it; 202: the connection's session is moving, it is delivered later. */
export const simulatorSentSchema = z.object({ id: z.string(), delivered: z.boolean() });

export const simulatorMessageSchema = z.object({
  id: z.string(),
  sender: z.enum(['customer', 'connection']),
  type: z.string(),
  body: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  mediaMime: z.string().nullable(),
  mediaName: z.string().nullable(),
  quotedId: z.string().nullable(),
  ack: z.number().int(),
  isDeleted: z.boolean(),
  /** The reaction each side put on it (null: none); the text was edited after sending. */
  customerReaction: z.string().nullable().optional(),
  connectionReaction: z.string().nullable().optional(),
  isEdited: z.boolean().optional(),
  createdAt: isoDateTime,
});
export type SimulatorMessage = z.infer<typeof simulatorMessageSchema>;

export const simulatorCustomerSchema = z.object({ customer: z.string(), lastAt: isoDateTime, count: z.number().int() });
export type SimulatorCustomer = z.infer<typeof simulatorCustomerSchema>;

export const simulatorOkSchema = z.object({ ok: z.literal(true) });
export const simulatorCallSchema = z.object({ id: z.string() });

export const simulatorBehaviourSchema = z.object({ customer: z.string(), lidAddressed: z.boolean(), refuses: z.string().nullable() });
export type SimulatorBehaviour = z.infer<typeof simulatorBehaviourSchema>;
