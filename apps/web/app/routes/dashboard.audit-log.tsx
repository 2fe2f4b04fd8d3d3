import { AuditLogScreen } from "../features/audit-log/audit-log-screen";

export default function DashboardAuditLogPage() {
  return <AuditLogScreen />;
}
