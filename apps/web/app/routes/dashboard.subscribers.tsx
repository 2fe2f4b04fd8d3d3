import { SubscribersScreen } from "../features/newsletter/subscribers-screen";

export default function DashboardSubscribersPage() {
  return <SubscribersScreen />;
}
