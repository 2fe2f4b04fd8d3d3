import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useEffect } from "react";
import { Link as RouterLink } from "react-router";
import { useResendVerification } from "../../api/profile";
import { useFeedback } from "../../components/feedback";
import { useAuth } from "../../lib/auth-context";
import { messageOf } from "../../lib/error-text";
import { PasswordChangeForm } from "./password-change-form";
import { ProfileDetailsForm } from "./profile-details-form";
import { SessionsPanel } from "./sessions-panel";
import { TwoFactorPanel } from "./two-factor-panel";

/**
 * Profile Settings: name, bio, avatar URL, a password change, two-factor sign-in and the signed-in
 * sessions; what a save did (or why it failed) in the snackbar. Used by /profile and
 * /dashboard/profile.
 */
export function ProfileSettings() {
  const { status, user, refreshUser } = useAuth();
  const feedback = useFeedback();
  const resend = useResendVerification();

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

  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Profile Settings
      </Typography>
      {awaitingConfirmation && (
        // Decision 124: reader accounts confirm their address before they can like articles.
        <Alert
          severity="warning"
          sx={{ mb: 3 }}
          action={
            <Button
              color="inherit"
              size="small"
              disabled={resend.isPending}
              onClick={() =>
                resend.mutate(undefined, {
                  onSuccess: (answer) => feedback.show("success", answer.message),
                  onError: (caught) =>
                    feedback.show("error", messageOf(caught, "Failed to send the link")),
                })
              }
            >
              Send a new link
            </Button>
          }
        >
          Please confirm your e-mail address with the link we sent to {user.email}. Until then you
          cannot like articles.
        </Alert>
      )}
      <ProfileDetailsForm user={user} notify={feedback.show} />
      <PasswordChangeForm notify={feedback.show} />
      <TwoFactorPanel notify={feedback.show} />
      <SessionsPanel notify={feedback.show} />
      {feedback.element}
    </Box>
  );
}
