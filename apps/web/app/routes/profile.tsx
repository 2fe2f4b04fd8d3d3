import { withMuiTheme } from "../components/mui-theme";
import { ProfileSettings } from "../features/profile/profile-settings";
import { pageMeta, siteNameFrom } from "../lib/meta";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteNameFrom(matches), "Profile Settings");

function ProfilePage() {
  return <ProfileSettings />;
}

export default withMuiTheme(ProfilePage);
