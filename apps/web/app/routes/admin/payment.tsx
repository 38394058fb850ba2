import { Payment } from '~/features/admin/components/payment';
import type { Route } from './+types/payment';

export default function AdminPaymentPage({ params }: Route.ComponentProps) {
  return <Payment key={params.id} id={params.id} />;
}
