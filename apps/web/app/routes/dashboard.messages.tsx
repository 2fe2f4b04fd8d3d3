import { MessagesScreen } from "../features/contact/messages-screen";

export default function DashboardMessagesPage() {
  return <MessagesScreen />;
}
