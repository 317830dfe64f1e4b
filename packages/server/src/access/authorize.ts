/**
 * The one way a service refuses: `authorize(actor, action, record)` asks the shared policy table
 * (packages/shared/src/access/policy.ts) and throws the AppError the route answers. Services call
 * it first, before they change anything; what the table allows is what `allowedActions` presents.
 */
import { refusalOf, type AccessAction, type AccessActor, type RecordArg } from '@switchboard/shared';
import { AppError } from '../lib/app-error.js';

export function authorize<A extends AccessAction>(actor: AccessActor, action: A, ...record: RecordArg<A>): void {
  const refusal = refusalOf(actor, action, ...record);
  if (refusal) throw new AppError(refusal.code, refusal.status, refusal.message);
}
