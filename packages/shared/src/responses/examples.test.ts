/**
 * Every example the OpenAPI document shows is one the schema it illustrates accepts: an example
 * left behind by a renamed field fails here instead of misleading a reader of /api/docs.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from '../index.js';

const withExamples = Object.entries(shared).flatMap(([name, value]) => {
  if (!(value instanceof z.ZodType)) return [];
  const example = z.globalRegistry.get(value)?.example;
  return example === undefined ? [] : [{ name, schema: value, example }];
});

describe('OpenAPI examples', () => {
  it('are given for the main requests and answers', () => {
    expect(withExamples.map((e) => e.name)).toEqual(
      expect.arrayContaining([
        'ticketSchema',
        'ticketsPageSchema',
        'ticketCreateSchema',
        'ticketUpdateSchema',
        'messageSchema',
        'sentMessagesSchema',
        'sendMessageSchema',
        'contactSchema',
        'contactCreateSchema',
        'apiSendResponseSchema',
        'simulatorSendBodySchema',
      ]),
    );
  });

  it.each(withExamples)('$name accepts its example', ({ schema, example }) => {
    const result = schema.safeParse(example);
    expect(result.error?.issues ?? []).toEqual([]);
  });
});
