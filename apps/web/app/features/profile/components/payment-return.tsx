import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { withTexts } from '~/lib/i18n';
import { readTopUp } from '../top-up';

// The dialog's code (the payment's states, Metrika's goal) loads only on a return from a payment
// provider, which is when the profile's address carries `?topUp=` (ADR 042). One that cannot load
// leaves the profile as it is: the statement shows the payment's fate too.
const TopUpDialog = lazy(() =>
  withTexts(import('./top-up-dialog')).then(
    (module) => ({ default: module.TopUpDialog }),
    () => ({ default: () => null }),
  ),
);

/** `/profile?topUp=<payment id>`: the top-up dialog where the payment providers send people back. */
export function PaymentReturn() {
  const [search] = useSearchParams();
  if (!readTopUp(search)) return null;
  return (
    <Suspense fallback={null}>
      <TopUpDialog />
    </Suspense>
  );
}
