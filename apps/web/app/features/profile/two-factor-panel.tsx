import type { TwoFactorSetup } from "@aurumwire/shared/two-factor";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useTwoFactorSetup,
  useTwoFactorStatus,
} from "../../api/two-factor";
import type { Notify } from "../../components/feedback";
import { CurrentPasswordField, OneTimeCodeField } from "../../components/form/sign-in-fields";
import { formatDateTime } from "../../lib/dates";
import { messageOf } from "../../lib/error-text";

/**
 * Two-factor sign-in (issue 31, decision 202): enrol with a QR code and a confirmation code, the
 * recovery codes shown once, and turning it off with the password and a code. What a step did, or
 * why it failed, is said in the profile's snackbar (`notify`); the panel itself shows the state.
 */
export function TwoFactorPanel(props: { notify: Notify }) {
  const { notify } = props;
  const status = useTwoFactorStatus();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const state = status.data;

  return (
    <Paper
      variant="outlined"
      sx={{ p: 3, mt: 3, scrollMarginTop: 80 }}
      component="section"
      id="two-factor"
      aria-labelledby="two-factor-title"
    >
      <Typography variant="h6" component="h2" id="two-factor-title" sx={{ mb: 1 }}>
        Two-factor sign-in
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        After your password, signing in asks for a code from an authenticator app on your phone
        (Google Authenticator, 1Password, Authy and others), so a stolen password alone is not
        enough.
      </Typography>
      <Divider sx={{ mb: 2 }} />
      {status.isError && <Alert severity="error">{status.error.message}</Alert>}
      {state?.required && !state.enabled && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This site requires two-factor sign-in for staff. Set it up here to use the dashboard.
        </Alert>
      )}
      {recoveryCodes ? (
        <RecoveryCodesShown codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : state?.enabled ? (
        <TurnOff
          enabledAt={state.enabledAt}
          codesLeft={state.recoveryCodesLeft}
          required={state.required}
          notify={notify}
        />
      ) : state ? (
        <Enrol
          onEnabled={(codes) => {
            setRecoveryCodes(codes);
            notify("success", "Two-factor sign-in is on.");
          }}
          notify={notify}
        />
      ) : null}
    </Paper>
  );
}

function Enrol({ onEnabled, notify }: { onEnabled: (codes: string[]) => void; notify: Notify }) {
  const setup = useTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const [started, setStarted] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState("");

  if (!started) {
    return (
      <Box>
        <Typography sx={{ mb: 2 }}>Two-factor sign-in is off.</Typography>
        <Button
          variant="contained"
          disabled={setup.isPending}
          onClick={() =>
            setup.mutate(undefined, {
              onSuccess: setStarted,
              onError: (caught) => notify("error", messageOf(caught, "The set-up could not start")),
            })
          }
        >
          Set up two-factor
        </Button>
      </Box>
    );
  }

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate(code.trim(), {
      onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
      onError: (caught) => {
        notify("error", messageOf(caught, "The code could not be checked"));
        setCode("");
      },
    });
  };

  return (
    <Box
      component="form"
      method="post"
      onSubmit={confirm}
      sx={{ display: "grid", gap: 2, gridTemplateColumns: { md: "auto 1fr" }, alignItems: "start" }}
    >
      <Box
        component="img"
        src={started.qrCode}
        alt="QR code to scan with your authenticator app"
        sx={{ width: 200, height: 200, bgcolor: "#fff", p: 1, borderRadius: 1 }}
      />
      <Box sx={{ display: "grid", gap: 2, minWidth: 0 }}>
        <Typography>
          1. Scan this QR code with your authenticator app. If it cannot scan, enter this key:
        </Typography>
        <Typography
          component="code"
          sx={{ fontFamily: "monospace", wordBreak: "break-all", fontSize: "0.95rem" }}
          aria-label="Set-up key"
        >
          {started.secret.replace(/(.{4})/g, "$1 ").trim()}
        </Typography>
        <Typography>2. Enter the six-digit code the app shows to confirm.</Typography>
        <OneTimeCodeField
          label="Confirmation code"
          value={code}
          onChange={setCode}
          slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 10 } }}
          sx={{ maxWidth: 260 }}
        />
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          <Button type="submit" variant="contained" disabled={enable.isPending || !code.trim()}>
            Turn on two-factor
          </Button>
          <Button onClick={() => setStarted(null)} disabled={enable.isPending}>
            Cancel
          </Button>
        </Box>
      </Box>
    </Box>
  );
}

function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Alert severity="warning">
        Save these recovery codes somewhere safe now: they are shown only once. Each one signs you
        in once if you lose your phone.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{
          display: "grid",
          gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(5, max-content)" },
          columnGap: 6,
          rowGap: 1,
          fontFamily: "monospace",
          fontSize: "1rem",
          m: 0,
          pl: 3,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        <Button
          variant="outlined"
          onClick={() =>
            navigator.clipboard
              ?.writeText(codes.join("\n"))
              .then(() => setCopied(true))
              .catch(() => setCopied(false))
          }
        >
          {copied ? "Copied" : "Copy codes"}
        </Button>
        <Button variant="contained" onClick={onDone}>
          I have saved them
        </Button>
      </Box>
    </Box>
  );
}

function TurnOff(props: {
  enabledAt: string | null;
  codesLeft: number;
  required: boolean;
  notify: Notify;
}) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: () => {
          setPassword("");
          setCode("");
        },
        onError: (caught) =>
          props.notify("error", messageOf(caught, "Two-factor could not be turned off")),
      },
    );
  };

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Alert severity="success">
        Two-factor sign-in is on
        {props.enabledAt ? ` since ${formatDateTime(props.enabledAt)}` : ""}. {props.codesLeft}{" "}
        recovery code{props.codesLeft === 1 ? "" : "s"} left.
      </Alert>
      {props.required ? (
        <Typography variant="body2" color="text.secondary">
          This site requires two-factor sign-in for staff, so it cannot be turned off.
        </Typography>
      ) : (
        <Box
          component="form"
          method="post"
          onSubmit={submit}
          aria-label="Turn off two-factor sign-in"
          sx={{ display: "grid", gap: 2, maxWidth: 420 }}
        >
          <Typography variant="subtitle1" component="h3">
            Turn off two-factor
          </Typography>
          <CurrentPasswordField value={password} onChange={setPassword} />
          <OneTimeCodeField label="Code or recovery code" value={code} onChange={setCode} />
          <Button
            type="submit"
            variant="outlined"
            color="warning"
            disabled={disable.isPending || !password || !code.trim()}
          >
            Turn off two-factor
          </Button>
        </Box>
      )}
    </Box>
  );
}
