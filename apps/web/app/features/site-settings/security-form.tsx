import Alert from "@mui/material/Alert";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useSecuritySettings, useUpdateSecuritySettings } from "../../api/site-settings";
import { SaveRow } from "./save-row";
import { useSettingsSave } from "./use-settings-save";

/**
 * "Require two-factor for all staff" (issue 31, decision 202): staff without it are sent to enrol
 * at their next sign-in, and the API refuses their staff calls until they have.
 */
export function SecuritySettingsForm() {
  const settings = useSecuritySettings();
  const update = useUpdateSecuritySettings();
  const { save, messages } = useSettingsSave();
  const required = settings.data?.requireStaffTwoFactor ?? false;

  const toggle = (requireStaffTwoFactor: boolean) =>
    save(() => update.mutateAsync({ requireStaffTwoFactor }));

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mt: 3 }} component="section">
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        Security
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Staff accounts can publish what readers see. With this on, every admin, editor and author
        signs in with a code from an authenticator app; those without it are sent to set it up at
        their next sign-in.
      </Typography>
      {messages}
      {settings.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {settings.error.message}
        </Alert>
      )}
      <FormControlLabel
        control={
          <Switch
            checked={required}
            disabled={settings.isPending || update.isPending}
            onChange={(event) => void toggle(event.target.checked)}
          />
        }
        label="Require two-factor for all staff"
      />
      <SaveRow updatedAt={settings.data?.updatedAt} updatedBy={settings.data?.updatedBy}>
        {null}
      </SaveRow>
    </Paper>
  );
}
