import { Models } from '~/features/admin/components/models';

export default function AdminModelsPage() {
  return <Models />;
}
