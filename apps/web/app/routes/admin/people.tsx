import { People } from '~/features/admin/components/people';

export default function AdminPeoplePage() {
  return <People />;
}
