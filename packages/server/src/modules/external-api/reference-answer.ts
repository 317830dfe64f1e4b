/**
 * The answer integrations written for the reference product expect from its send API: 200 with
 * `{ resp }`, `resp` being the sent message as its WhatsApp library presents one (an `id` object
 * with `_serialized`, `to`, `ack`, `timestamp` in seconds…). With several files, the last one, as
 * the reference answers. Integrations of older versions read nothing of it (they got an empty 200).
 */
import { z } from 'zod';
import type { ApiSendResult } from './service.js';

export const referenceSendAnswerSchema = z.object({
  resp: z.object({
    id: z.object({ fromMe: z.boolean(), remote: z.string(), id: z.string(), _serialized: z.string() }),
    body: z.string(),
    type: z.string(),
    fromMe: z.boolean(),
    hasMedia: z.boolean(),
    ack: z.number().int(),
    timestamp: z.number().int(),
    to: z.string(),
  }),
});
export type ReferenceSendAnswer = z.infer<typeof referenceSendAnswerSchema>;

export function referenceSendAnswer(result: ApiSendResult): ReferenceSendAnswer {
  const message = result.messages[result.messages.length - 1];
  const to = `${result.number}@c.us`;
  return {
    resp: {
      id: { fromMe: true, remote: to, id: message.id, _serialized: `true_${to}_${message.id}` },
      body: message.body,
      type: message.mediaType,
      fromMe: true,
      hasMedia: message.mediaType !== 'chat',
      ack: message.ack,
      timestamp: Math.floor(Date.parse(message.createdAt) / 1000),
      to,
    },
  };
}
