import { HttpProblem } from '../../lib/problem.ts';
import { unhandledOutcome } from '../../lib/unhandled-outcome.ts';
import { generationProblem } from '../generations/index.ts';
import { paymentProblem } from '../payments/index.ts';
import type {
  AdminAdjustment,
  AdminChange,
  AdminConflict,
  OperatorCheck,
  OperatorRefund,
  RetryRefused,
} from './admin.service.ts';

/** Every way the console's service turns a request down. */
type AdminRefusal = Exclude<
  | OperatorCheck
  | AdminAdjustment
  | OperatorRefund
  | AdminChange<unknown, AdminConflict>
  | RetryRefused,
  { outcome: 'found' | 'changed' | 'adjusted' | 'refunded' }
>;

/** Each conflict as the operator reads it (its `detail`, and its error's `message`). */
const conflicts: Record<AdminConflict, string> = {
  self: 'An operator cannot block themselves.',
  blocked: 'This person is blocked already.',
  not_blocked: 'This person is not blocked.',
  not_completed: 'Only a completed generation is refunded here.',
  free: 'This generation cost nothing.',
  refunded: 'This generation was refunded already.',
  not_failed: 'Only a failed generation can be retried.',
  retried: 'This generation was retried already.',
};

/**
 * A console answer: the value of whatever the service did, or the problem for why it did not —
 * 404 for anything unknown (and for anyone who is not an operator: the console is not advertised).
 */
export function answer<T>(
  result: { outcome: 'found' | 'changed' | 'adjusted' | 'refunded'; value: T } | AdminRefusal,
): T {
  switch (result.outcome) {
    case 'found':
    case 'changed':
    case 'adjusted':
    case 'refunded':
      return result.value;
    case 'not_found':
      throw new HttpProblem(404, 'Not found.');
    case 'session_ended':
      throw new HttpProblem(401, 'Your operator session has ended; please sign in again.');
    case 'below_zero':
      throw new HttpProblem(409, 'A balance cannot go below zero.', {
        errors: [
          { field: 'delta', code: 'below_zero', message: 'would take the balance below zero' },
        ],
      });
    case 'conflict': {
      const detail = conflicts[result.reason];
      throw new HttpProblem(409, detail, {
        errors: [{ field: 'id', code: result.reason, message: detail }],
      });
    }
    case 'refund_refused':
      throw paymentProblem(result.refusal);
    case 'retry_refused':
      // The console is English; a switched-off model is named as a person's create would in English.
      throw generationProblem(result.refusal, 'en');
    default:
      return unhandledOutcome(result);
  }
}
