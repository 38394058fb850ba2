import { Person } from '~/features/admin/components/person';
import type { Route } from './+types/person';

export default function AdminPersonPage({ params }: Route.ComponentProps) {
  return <Person key={params.id} id={params.id} />;
}
