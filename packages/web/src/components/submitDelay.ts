import { SUBMIT_DELAY_MS } from '@switchboard/shared';

/**
 * The pause before the contact, sector and tag modals send (spec §9, 400 ms): the submit button
 * stays disabled meanwhile, which also absorbs double clicks.
 */
export function submitDelay(ms: number = SUBMIT_DELAY_MS): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
