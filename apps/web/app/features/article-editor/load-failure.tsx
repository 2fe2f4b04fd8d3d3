import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { dashboardPaths } from "../../lib/dashboard-paths";

/** An article screen when the article cannot be edited: heading, reason and the way back. */
export function EditorLoadFailure(props: { message: string; title?: string }) {
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {props.title ?? "Edit Article"}
      </Typography>
      <Alert severity="error" sx={{ mb: 3 }}>
        {props.message}
      </Alert>
      <Button
        component={RouterLink}
        to={dashboardPaths.articles}
        variant="contained"
        startIcon={<ArrowBackIcon />}
      >
        Back to Articles
      </Button>
    </Box>
  );
}
