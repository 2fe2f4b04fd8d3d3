import type { AuthResponse } from "@aurumwire/shared/users";
import { userInitials } from "@aurumwire/shared/users";
import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Divider from "@mui/material/Divider";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useEffect, useState } from "react";
import { Link as RouterLink } from "react-router";
import { ApiError, api } from "../../lib/api-client";
import { useAuth } from "../../lib/auth-context";
import { SessionsPanel } from "./sessions-panel";
import { TwoFactorPanel } from "./two-factor-panel";

/**
 * Profile Settings: name, bio, avatar URL, a password change and the signed-in sessions. Used by
 * /profile and /dashboard/profile.
 */
export function ProfileSettings() {
  const { status, user, acceptAuthResponse, refreshUser } = useAuth();
  const [details, setDetails] = useState({ firstName: "", lastName: "", bio: "", avatar: "" });
  const [passwords, setPasswords] = useState({ currentPassword: "", newPassword: "", confirm: "" });
  const [message, setMessage] = useState<{ severity: "success" | "error"; text: string } | null>(
    null,
  );
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (user) {
      setDetails({
        firstName: user.firstName,
        lastName: user.lastName,
        bio: user.bio ?? "",
        avatar: user.avatar ?? "",
      });
    }
  }, [user]);

  // An unconfirmed reader confirms from the mail, usually in another tab: read the account again
  // now and whenever this tab comes back, so the notice goes as soon as the address is confirmed.
  const awaitingConfirmation = !!user && !user.emailVerified && user.role === "user";
  useEffect(() => {
    if (!awaitingConfirmation) return;
    const check = () => {
      if (document.visibilityState === "visible") {
        refreshUser().catch((caught) => console.error("profile refresh failed", caught));
      }
    };
    check();
    document.addEventListener("visibilitychange", check);
    window.addEventListener("focus", check);
    return () => {
      document.removeEventListener("visibilitychange", check);
      window.removeEventListener("focus", check);
    };
  }, [awaitingConfirmation, refreshUser]);

  if (status === "loading") return <Typography>Loading...</Typography>;
  if (!user) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          Authentication Required
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Please log in to edit your profile.
        </Typography>
        <Button component={RouterLink} to="/login" variant="contained">
          Sign In
        </Button>
      </Paper>
    );
  }

  const save = async (body: Record<string, string>, success: string, after?: () => void) => {
    setBusy(true);
    setMessage(null);
    setFieldErrors({});
    try {
      acceptAuthResponse(await api.put<AuthResponse>("/auth/profile", body));
      setMessage({ severity: "success", text: success });
      after?.();
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields) setFieldErrors(caught.fields);
      setMessage({
        severity: "error",
        text: caught instanceof Error ? caught.message : "Failed to save profile",
      });
    } finally {
      setBusy(false);
    }
  };

  const onSaveDetails = (event: FormEvent) => {
    event.preventDefault();
    save(
      {
        firstName: details.firstName,
        lastName: details.lastName,
        bio: details.bio,
        avatar: details.avatar,
      },
      "Profile updated successfully",
    );
  };

  const onChangePassword = (event: FormEvent) => {
    event.preventDefault();
    if (passwords.newPassword !== passwords.confirm) {
      setFieldErrors({ confirm: "Passwords do not match" });
      return;
    }
    save(
      { currentPassword: passwords.currentPassword, newPassword: passwords.newPassword },
      "Password changed successfully",
      () => setPasswords({ currentPassword: "", newPassword: "", confirm: "" }),
    );
  };

  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Profile Settings
      </Typography>
      {message && (
        <Alert severity={message.severity} sx={{ mb: 3 }} onClose={() => setMessage(null)}>
          {message.text}
        </Alert>
      )}
      {awaitingConfirmation && (
        // Decision 124: reader accounts confirm their address before they can like articles.
        <Alert
          severity="warning"
          sx={{ mb: 3 }}
          action={
            <Button
              color="inherit"
              size="small"
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  const answer = await api.post<{ message: string }>("/auth/verify-email/resend");
                  setMessage({ severity: "success", text: answer.message });
                } catch (caught) {
                  setMessage({
                    severity: "error",
                    text: caught instanceof Error ? caught.message : "Failed to send the link",
                  });
                } finally {
                  setBusy(false);
                }
              }}
            >
              Send a new link
            </Button>
          }
        >
          Please confirm your e-mail address with the link we sent to {user.email}. Until then you
          cannot like articles.
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 3, mb: 3 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 2, mb: 3 }}>
          <Avatar
            src={details.avatar || undefined}
            sx={{
              width: 64,
              height: 64,
              bgcolor: "primary.main",
              color: "primary.contrastText",
              fontWeight: 800,
            }}
          >
            {userInitials(user)}
          </Avatar>
          {/* A long name or e-mail wraps inside the card instead of widening the page at 390 px. */}
          <Box sx={{ minWidth: 0, flex: "1 1 auto", overflowWrap: "anywhere" }}>
            <Typography variant="h6" component="h2">
              {user.firstName} {user.lastName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {user.email}
            </Typography>
          </Box>
          <Chip
            label={user.role.toUpperCase()}
            size="small"
            sx={{ ml: "auto", fontWeight: 700, flexShrink: 0 }}
            color={user.role === "admin" ? "error" : "primary"}
          />
        </Box>
        <Box
          component="form"
          method="post"
          onSubmit={onSaveDetails}
          sx={{ display: "grid", gap: 2 }}
        >
          <Box sx={{ display: "grid", gridTemplateColumns: { sm: "1fr 1fr" }, gap: 2 }}>
            <TextField
              label="First name"
              required
              value={details.firstName}
              error={!!fieldErrors.firstName}
              helperText={fieldErrors.firstName}
              onChange={(event) => setDetails({ ...details, firstName: event.target.value })}
            />
            <TextField
              label="Last name"
              required
              value={details.lastName}
              error={!!fieldErrors.lastName}
              helperText={fieldErrors.lastName}
              onChange={(event) => setDetails({ ...details, lastName: event.target.value })}
            />
          </Box>
          <TextField
            label="Bio"
            multiline
            minRows={3}
            value={details.bio}
            error={!!fieldErrors.bio}
            helperText={fieldErrors.bio}
            onChange={(event) => setDetails({ ...details, bio: event.target.value })}
          />
          <TextField
            label="Avatar URL"
            value={details.avatar}
            placeholder="https://..."
            error={!!fieldErrors.avatar}
            helperText={fieldErrors.avatar}
            onChange={(event) => setDetails({ ...details, avatar: event.target.value })}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              Save Profile
            </Button>
          </Box>
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Change Password
        </Typography>
        <Divider sx={{ mb: 2 }} />
        <Box
          component="form"
          method="post"
          onSubmit={onChangePassword}
          sx={{ display: "grid", gap: 2 }}
        >
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            value={passwords.currentPassword}
            error={!!fieldErrors.currentPassword}
            helperText={fieldErrors.currentPassword}
            onChange={(event) =>
              setPasswords({ ...passwords, currentPassword: event.target.value })
            }
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            value={passwords.newPassword}
            error={!!fieldErrors.newPassword}
            helperText={fieldErrors.newPassword ?? "At least 6 characters"}
            onChange={(event) => setPasswords({ ...passwords, newPassword: event.target.value })}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            required
            value={passwords.confirm}
            error={!!fieldErrors.confirm}
            helperText={fieldErrors.confirm}
            onChange={(event) => setPasswords({ ...passwords, confirm: event.target.value })}
          />
          <Box>
            <Button
              type="submit"
              variant="outlined"
              disabled={
                busy || !passwords.newPassword || passwords.newPassword !== passwords.confirm
              }
            >
              Change Password
            </Button>
          </Box>
        </Box>
      </Paper>
      <TwoFactorPanel />
      <SessionsPanel />
    </Box>
  );
}
