import { HttpProblem, validationProblem } from '../../lib/problem.ts';
import { unhandledOutcome } from '../../lib/unhandled-outcome.ts';
import type { PaymentRefusal } from './payment.service.ts';

/**
 * The answer to each way the payment service turns a request down: the person's routes, the
 * providers' webhooks and the console's refund (admin.routes.ts) all answer them alike.
 */
export function paymentProblem(refusal: PaymentRefusal): HttpProblem {
  switch (refusal.outcome) {
    case 'invalid':
      return validationProblem(refusal.errors);
    case 'currency_unavailable':
      return new HttpProblem(503, `Payments in ${refusal.currency} are not available right now.`);
    case 'signed_out':
      return new HttpProblem(401, 'Please sign in.');
    case 'checkout_failed':
      return new HttpProblem(502, 'The payment service is not answering. Please try again later.');
    case 'not_found':
      return new HttpProblem(404, 'No such payment.');
    case 'not_pending':
      return new HttpProblem(409, 'This payment is no longer pending.');
    case 'unknown_provider':
      return new HttpProblem(404, 'This payment provider is not configured.');
    case 'refused':
      return new HttpProblem(
        refusal.provider === 'yookassa' ? 403 : 400,
        'The notification was refused.',
      );
    case 'provider_unreachable':
      return new HttpProblem(503, 'The payment provider could not be reached; please retry.');
    case 'unconfirmed':
      return new HttpProblem(503, 'The provider does not confirm this notification yet.');
    case 'not_refundable':
      return new HttpProblem(409, 'Only a paid payment with money left on it can be refunded.', {
        errors: [{ field: 'id', code: 'not_refundable', message: 'not paid, or refunded already' }],
      });
    case 'provider_not_configured':
      return new HttpProblem(503, `${refusal.provider} is not configured here.`);
    case 'refund_failed':
      return new HttpProblem(502, `The provider did not refund: ${refusal.reason}`);
    default:
      return unhandledOutcome(refusal);
  }
}
