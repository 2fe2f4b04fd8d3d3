import { useSearchParams } from "react-router";
import { withMuiTheme } from "../components/mui-theme";
import { AuthPageFrame } from "../features/auth/auth-page-frame";
import { answerFormPostWithoutScript } from "../features/auth/form-post-without-script";
import { ResetPasswordForm } from "../features/auth/password-reset-forms";
import { pageMeta, siteNameFrom } from "../lib/meta";
import type { Route } from "./+types/reset-password";

export function loader({ context }: Route.LoaderArgs) {
  return { siteName: context.config.siteName };
}

export function action() {
  return answerFormPostWithoutScript("Choosing a new password");
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(siteNameFrom(matches), "Choose a new password"),
  { name: "robots", content: "noindex" },
];

function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  // Read in the browser only: the server renders (and may cache) this page without its query, so
  // the token never reaches a cache key or a rendered copy.
  const [searchParams] = useSearchParams();
  return (
    <AuthPageFrame siteName={loaderData.siteName} title="Choose a new password">
      <ResetPasswordForm token={searchParams.get("token") ?? ""} actionError={actionData?.error} />
    </AuthPageFrame>
  );
}

export default withMuiTheme(ResetPasswordPage);
