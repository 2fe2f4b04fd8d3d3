import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import { Link as RouterLink, redirect, useNavigate, useSearchParams } from "react-router";
import { FormAnswer } from "../components/form/form-answer";
import { PostForm } from "../components/form/post-form";
import { CurrentPasswordField } from "../components/form/sign-in-fields";
import { withMuiTheme } from "../components/mui-theme";
import { AuthPageFrame } from "../features/auth/auth-page-frame";
import { answerFormPostWithoutScript } from "../features/auth/form-post-without-script";
import { TwoFactorCodeForm } from "../features/auth/two-factor-code-form";
import { type LoginOutcome, useAuth } from "../lib/auth-context";
import { messageOf } from "../lib/error-text";
import { pageMeta, siteNameFrom } from "../lib/meta";
import { safeRedirectPath } from "../lib/sign-in-redirect";
import type { Route } from "./+types/login";

export async function loader({ context }: Route.LoaderArgs) {
  // A new install without any account: its owner is set up first (decision 075).
  if (await context.services.auth.ownerNeeded()) throw redirect("/setup");
  return { siteName: context.config.siteName, demo: await context.services.demoLoginHint.get() };
}

export function action() {
  return answerFormPostWithoutScript("Signing in");
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(siteNameFrom(matches), "Login");

function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { siteName, demo } = loaderData;
  const { login, verifyTwoFactor } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [submitError, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The code step's challenge, after a right password of an account with two-factor. */
  const [challenge, setChallenge] = useState<string | null>(null);

  // Back to the page that asked for a sign-in (a session that ran out in the editor); staff the
  // site requires two-factor of, and who have none, go to enrol first (decision 202).
  const afterSignIn = (setupRequired: boolean) =>
    navigate(
      setupRequired
        ? "/dashboard/profile#two-factor"
        : (safeRedirectPath(searchParams.get("redirect")) ?? "/"),
    );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const outcome: LoginOutcome = await login(email.trim(), password);
      if (outcome.status === "code-required") setChallenge(outcome.challenge);
      else afterSignIn(outcome.twoFactorSetupRequired);
    } catch (caught) {
      // Spec: the server error, else the message, else 'Login failed'.
      setError(messageOf(caught, "Login failed"));
    } finally {
      setBusy(false);
    }
  };

  if (challenge) {
    return (
      <AuthPageFrame siteName={siteName} title={`Login to ${siteName}`}>
        <TwoFactorCodeForm
          onSubmit={async (code) => {
            await verifyTwoFactor(challenge, code);
            afterSignIn(false);
          }}
          onBack={() => {
            setChallenge(null);
            setPassword("");
          }}
        />
      </AuthPageFrame>
    );
  }

  return (
    <AuthPageFrame siteName={siteName} title={`Login to ${siteName}`}>
      <FormAnswer error={submitError} actionError={actionData?.error} />
      <PostForm onSubmit={onSubmit} card busy={busy} submitLabel="Login" busyLabel="Logging in...">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoFocus
        />
        <CurrentPasswordField value={password} onChange={setPassword} />
        <Link
          component={RouterLink}
          to="/forgot-password"
          variant="body2"
          sx={{ justifySelf: "end", mt: -1 }}
        >
          Forgot password?
        </Link>
      </PostForm>
      <Typography variant="body2" sx={{ mt: 2, textAlign: "center" }} color="text.secondary">
        No account yet?{" "}
        <Link component={RouterLink} to="/register">
          Register
        </Link>
      </Typography>
      {demo && (
        <Alert
          severity="info"
          variant="outlined"
          role="note"
          sx={{ mt: 3 }}
          aria-label="Demo admin credentials"
        >
          <Typography variant="subtitle2">Demo admin account</Typography>
          <Typography variant="body2">
            Email: <strong>{demo.email}</strong>
          </Typography>
          <Typography variant="body2">
            Password: <strong>{demo.password}</strong>
          </Typography>
          <Button
            size="small"
            sx={{ mt: 1 }}
            onClick={() => {
              setEmail(demo.email);
              setPassword(demo.password);
            }}
          >
            Use demo credentials
          </Button>
        </Alert>
      )}
    </AuthPageFrame>
  );
}

export default withMuiTheme(LoginPage);
