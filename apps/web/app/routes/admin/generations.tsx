import { Generations } from '~/features/admin/components/generations';

export default function AdminGenerationsPage() {
  return <Generations />;
}
