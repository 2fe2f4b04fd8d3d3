import { LandingPageManager } from "../features/landing-page/landing-page-manager";
import { LandingPreview } from "./landing";

export default function DashboardLandingPage() {
  return <LandingPageManager renderPreview={(draft) => <LandingPreview draft={draft} />} />;
}
