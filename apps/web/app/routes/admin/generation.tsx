import { Generation } from '~/features/admin/components/generation';
import type { Route } from './+types/generation';

export default function AdminGenerationPage({ params }: Route.ComponentProps) {
  return <Generation key={params.id} id={params.id} />;
}
