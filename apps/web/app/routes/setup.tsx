import type { AuthResponse } from "@aurumwire/shared/users";
import { ownerSetupRequestSchema } from "@aurumwire/shared/users";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import { redirect, useNavigate } from "react-router";
import { AuthPageFrame } from "../features/auth/auth-page-frame";
import { answerFormPostWithoutScript } from "../features/auth/form-post-without-script";
import { ApiError, api } from "../lib/api-client";
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

type Fields = "firstName" | "lastName" | "email" | "password";

export default function SetupPage({ loaderData, actionData }: Route.ComponentProps) {
  const { acceptAuthResponse } = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Fields, string>>({
    firstName: "",
    lastName: "",
    email: "",
    password: "",
  });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<string, string>>>({});
  const [submitError, setError] = useState<string | null>(null);
  const error = submitError ?? actionData?.error ?? null;
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = ownerSetupRequestSchema.safeParse(values);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setFieldErrors(next);
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      acceptAuthResponse(await api.post<AuthResponse>("/auth/setup", parsed.data));
      navigate("/dashboard");
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields) setFieldErrors(caught.fields);
      setError(caught instanceof Error ? caught.message : "Set-up failed");
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Fields, label: string, type = "text", autoComplete?: string) => (
    <TextField
      label={label}
      name={name}
      type={type}
      autoComplete={autoComplete}
      required
      value={values[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      error={!!fieldErrors[name]}
      helperText={fieldErrors[name] ?? (name === "password" ? "At least 10 characters" : undefined)}
    />
  );

  return (
    <AuthPageFrame siteName={loaderData.siteName} title="Set up your site">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        This site has no accounts yet. The account you create here is its owner, an administrator.
        This page is shown only until then.
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      )}
      <Box
        component="form"
        method="post"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: "grid", gap: 2 }}
      >
        <Box sx={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 2 }}>
          {field("firstName", "First name", "text", "given-name")}
          {field("lastName", "Last name", "text", "family-name")}
        </Box>
        {field("email", "Email", "email", "email")}
        {field("password", "Password", "password", "new-password")}
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? "Setting up..." : "Create the owner account"}
        </Button>
      </Box>
    </AuthPageFrame>
  );
}
