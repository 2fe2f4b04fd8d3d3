import { ProfileSettings } from "../features/profile/profile-settings";

export default function DashboardProfilePage() {
  return <ProfileSettings />;
}
