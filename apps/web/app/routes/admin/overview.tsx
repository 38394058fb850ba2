import { Overview } from '~/features/admin/components/overview';

export default function AdminOverviewPage() {
  return <Overview />;
}
