import { Audit } from '~/features/admin/components/audit';

export default function AdminAuditPage() {
  return <Audit />;
}
