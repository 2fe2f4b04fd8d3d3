import { withMuiTheme } from "../components/mui-theme";
import { AuthPageFrame } from "../features/auth/auth-page-frame";
import { answerFormPostWithoutScript } from "../features/auth/form-post-without-script";
import { ForgotPasswordForm } from "../features/auth/password-reset-forms";
import { pageMeta, siteNameFrom } from "../lib/meta";
import type { Route } from "./+types/forgot-password";

export function loader({ context }: Route.LoaderArgs) {
  return { siteName: context.config.siteName };
}

export function action() {
  return answerFormPostWithoutScript("Asking for a reset link");
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteNameFrom(matches), "Forgot password");

function ForgotPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthPageFrame siteName={loaderData.siteName} title="Forgot your password?">
      <ForgotPasswordForm actionError={actionData?.error} />
    </AuthPageFrame>
  );
}

export default withMuiTheme(ForgotPasswordPage);
