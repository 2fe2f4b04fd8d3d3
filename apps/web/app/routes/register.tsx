import { registerRequestSchema } from "@aurumwire/shared/users";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate } from "react-router";
import { schemaResolver, showServerFieldErrors } from "../components/form/form-kit";
import { FormTextField } from "../components/form/form-text-field";
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

type RegisterValues = { firstName: string; lastName: string; email: string; password: string };
const emptyRegistration: RegisterValues = { firstName: "", lastName: "", email: "", password: "" };
const resolver = schemaResolver(registerRequestSchema, (values: RegisterValues) => values);

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { register } = useAuth();
  const navigate = useNavigate();
  const [submitError, setError] = useState<string | null>(null);
  const error = submitError ?? actionData?.error ?? null;
  const {
    control,
    handleSubmit,
    setError: setFieldError,
    formState,
  } = useForm({
    defaultValues: emptyRegistration,
    resolver,
  });
  const busy = formState.isSubmitting;

  const onSubmit = handleSubmit(async (parsed) => {
    setError(null);
    try {
      await register(parsed);
      navigate("/");
    } catch (caught) {
      showServerFieldErrors(caught, setFieldError, Object.keys(emptyRegistration));
      setError(caught instanceof Error ? caught.message : "Registration failed");
    }
  });

  const field = (
    name: keyof RegisterValues,
    label: string,
    type = "text",
    autoComplete?: string,
  ) => (
    <FormTextField
      name={name}
      control={control}
      label={label}
      type={type}
      autoComplete={autoComplete}
      required
      hint={name === "password" ? "At least 6 characters" : undefined}
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
