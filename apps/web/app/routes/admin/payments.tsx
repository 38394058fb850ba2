import { Payments } from '~/features/admin/components/payments';

export default function AdminPaymentsPage() {
  return <Payments />;
}
