import { registerRequestSchema } from "@aurumwire/shared/users";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink, useNavigate } from "react-router";
import { signUpNoticeState } from "../components/layout/sign-up-notice";
import { withMuiTheme } from "../components/mui-theme";
import { AccountForm } from "../features/auth/account-form";
import { AuthPageFrame } from "../features/auth/auth-page-frame";
import { answerFormPostWithoutScript } from "../features/auth/form-post-without-script";
import { useAuth } from "../lib/auth-context";
import { pageMeta, siteNameFrom } from "../lib/meta";
import type { Route } from "./+types/register";

export function loader({ context }: Route.LoaderArgs) {
  return { siteName: context.config.siteName };
}

export function action() {
  return answerFormPostWithoutScript("Creating an account");
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteNameFrom(matches), "Create your account");

function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { register } = useAuth();
  const navigate = useNavigate();
  return (
    <AuthPageFrame siteName={loaderData.siteName} title="Create your account">
      <AccountForm
        schema={registerRequestSchema}
        passwordHint="At least 6 characters"
        submitLabel="Register"
        busyLabel="Creating account..."
        failure="Registration failed"
        actionError={actionData?.error}
        onSubmit={async (account) => {
          // One answer whether or not the address has an account (decision 276): the mail says
          // what comes next, and the home page shows the answer until it is closed.
          const { message } = await register(account);
          navigate("/", { state: signUpNoticeState(message) });
        }}
      />
      <Typography variant="body2" sx={{ mt: 2, textAlign: "center" }} color="text.secondary">
        Already have an account?{" "}
        <Link component={RouterLink} to="/login">
          Login
        </Link>
      </Typography>
    </AuthPageFrame>
  );
}

export default withMuiTheme(RegisterPage);
