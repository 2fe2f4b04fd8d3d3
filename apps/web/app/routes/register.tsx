import { registerRequestSchema } from "@aurumwire/shared/users";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { AuthPageFrame } from "../features/auth/auth-page-frame";
import { answerFormPostWithoutScript } from "../features/auth/form-post-without-script";
import { ApiError } from "../lib/api-client";
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

type Fields = "firstName" | "lastName" | "email" | "password";

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { register } = useAuth();
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
    const parsed = registerRequestSchema.safeParse(values);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setFieldErrors(next);
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      await register(parsed.data);
      navigate("/");
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields) setFieldErrors(caught.fields);
      setError(caught instanceof Error ? caught.message : "Registration failed");
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
      helperText={fieldErrors[name] ?? (name === "password" ? "At least 6 characters" : undefined)}
    />
  );

  return (
    <AuthPageFrame siteName={loaderData.siteName} title="Create your account">
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
          {busy ? "Creating account..." : "Register"}
        </Button>
      </Box>
      <Typography variant="body2" sx={{ mt: 2, textAlign: "center" }} color="text.secondary">
        Already have an account?{" "}
        <Link component={RouterLink} to="/login">
          Login
        </Link>
      </Typography>
    </AuthPageFrame>
  );
}
