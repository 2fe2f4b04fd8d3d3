import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { dashboardPaths } from "../../lib/dashboard-paths";

/** The link from a campaign screen back to the campaigns dashboard. */
export function BackToCampaigns({ spaced = false }: { spaced?: boolean }) {
  return (
    <Button
      component={RouterLink}
      to={dashboardPaths.campaigns}
      startIcon={<ArrowBackIcon />}
      sx={spaced ? { mb: 2 } : undefined}
    >
      Back to Campaigns
    </Button>
  );
}

/** A section's h2 with its one action at the right (the campaign's articles, partner connections). */
export function SectionHeader({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <Box
      sx={{
        display: "flex",
        justifyContent: "space-between",
        alignItems: "center",
        mb: 2,
        gap: 2,
        flexWrap: "wrap",
      }}
    >
      <Typography variant="h5" component="h2">
        {title}
      </Typography>
      {action}
    </Box>
  );
}
