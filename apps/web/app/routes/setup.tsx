import { ownerSetupRequestSchema } from "@aurumwire/shared/users";
import Typography from "@mui/material/Typography";
import { redirect, useNavigate } from "react-router";
import { setUpOwner } from "../api/auth";
import { withMuiTheme } from "../components/mui-theme";
import { AccountForm } from "../features/auth/account-form";
import { AuthPageFrame } from "../features/auth/auth-page-frame";
import { answerFormPostWithoutScript } from "../features/auth/form-post-without-script";
import { useAuth } from "../lib/auth-context";
import { pageMeta, siteNameFrom } from "../lib/meta";
import type { Route } from "./+types/setup";

/**
 * /setup: the one-time owner set-up of an install started without demo accounts
 * (SEED_DEMO=false, decision 075). Gone for good once the first account exists.
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (!(await context.services.auth.ownerNeeded())) throw redirect("/login");
  return { siteName: context.config.siteName };
}

export function action() {
  return answerFormPostWithoutScript("Setting up the site");
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(siteNameFrom(matches), "Set up your site"),
  { name: "robots", content: "noindex" },
];

function SetupPage({ loaderData, actionData }: Route.ComponentProps) {
  const { acceptAuthResponse } = useAuth();
  const navigate = useNavigate();
  return (
    <AuthPageFrame siteName={loaderData.siteName} title="Set up your site">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        This site has no accounts yet. The account you create here is its owner, an administrator.
        This page is shown only until then.
      </Typography>
      <AccountForm
        schema={ownerSetupRequestSchema}
        passwordHint="At least 10 characters"
        submitLabel="Create the owner account"
        busyLabel="Setting up..."
        failure="Set-up failed"
        actionError={actionData?.error}
        onSubmit={async (account) => {
          acceptAuthResponse(await setUpOwner(account));
          navigate("/dashboard");
        }}
      />
    </AuthPageFrame>
  );
}

export default withMuiTheme(SetupPage);
