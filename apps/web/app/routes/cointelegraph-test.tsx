import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";
import { dashboardPaths } from "../lib/dashboard-paths";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/cointelegraph-test";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    matches,
    title: "Partner integration test",
    description: "A diagnostic page for the partner news platform integration.",
    path: "/cointelegraph-test",
    noIndex: true,
  });

/**
 * Spec: "Outside the layout; purpose not shown". Kept as a plain diagnostic page for the partner
 * integration (docs/decisions/001-cointelegraph-test-route.md); it does not call the partner.
 */
export default function PartnerTestPage() {
  return (
    <Box component="main" sx={{ p: 4, maxWidth: 720, mx: "auto" }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Partner integration test
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        This page is reserved for checking the partner news platform integration. Staff can test the
        connection from the Campaigns dashboard.
      </Typography>
      <Button component={Link} to={dashboardPaths.campaigns} variant="outlined">
        Open Campaigns
      </Button>
    </Box>
  );
}
