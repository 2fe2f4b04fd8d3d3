import { isEditor } from "@aurumwire/shared/roles";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Link } from "react-router";
import { partnerBase, readPartnerCheck } from "../api/campaigns";
import { withMuiTheme } from "../components/mui-theme";
import { useSiteName } from "../features/campaigns/campaigns-dashboard";
import { useAuth } from "../lib/auth-context";
import { dashboardPaths } from "../lib/dashboard-paths";
import { errorMessage } from "../lib/error-text";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/cointelegraph-test";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    matches,
    title: "Partner integration diagnostics",
    description:
      "Diagnostics for staff: the partner integration's status, connection test and compliance.",
    path: "/cointelegraph-test",
    noIndex: true,
  });

type Check = {
  name: string;
  path: string;
  state: "idle" | "running" | "ok" | "failed";
  result?: unknown;
  message?: string;
};

const checks = (base: string): Check[] => [
  { name: "Integration status", path: `${base}/status`, state: "idle" },
  { name: "Connection test", path: `${base}/test`, state: "idle" },
  { name: "Compliance", path: `${base}/compliance`, state: "idle" },
];

/** The verdict of one answer: the test reports its own ok; the others answered, so they passed. */
function verdict(data: unknown): boolean {
  const value = data as { ok?: boolean } | null;
  return value?.ok !== false;
}

/**
 * /cointelegraph-test (spec: outside the layout, purpose not shown; decision 114): partner
 * diagnostics for staff. It runs the status, test and compliance calls and shows each answer;
 * anonymous visitors only get a sign-in prompt, and search engines are told to stay away.
 */
function PartnerTestPage() {
  const { status, user } = useAuth();
  const base = partnerBase(useSiteName());
  const [results, setResults] = useState<Check[]>(() => checks(base));
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    const next = checks(base);
    setResults(next.map((check) => ({ ...check, state: "running" })));
    for (const [index, check] of next.entries()) {
      try {
        const answer = await readPartnerCheck(check.path);
        next[index] = {
          ...check,
          state: verdict(answer.data) ? "ok" : "failed",
          result: answer.data,
        };
      } catch (caught) {
        next[index] = {
          ...check,
          state: "failed",
          message: errorMessage(caught, "The call failed"),
        };
      }
      setResults([
        ...next.map((item, position) =>
          position > index ? { ...item, state: "running" as const } : item,
        ),
      ]);
    }
    setRunning(false);
  };

  return (
    <Box component="main" sx={{ p: { xs: 2, md: 4 }, maxWidth: 880, mx: "auto" }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Partner integration diagnostics
      </Typography>
      {status === "loading" && <Typography>Loading...</Typography>}
      {status === "signed-out" && (
        <Alert
          severity="info"
          action={
            <Button component={Link} to="/login">
              Sign In
            </Button>
          }
        >
          Sign in with a newsroom account to run the partner diagnostics.
        </Alert>
      )}
      {status === "signed-in" && !isEditor(user) && (
        <Alert severity="warning">
          You need admin or editor privileges to run the partner diagnostics.
        </Alert>
      )}
      {status === "signed-in" && isEditor(user) && (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Runs the integration status, a read-only connection test (nothing is created on the
            partner, or a signed ping) and the compliance counters, and shows each answer.
          </Typography>
          <Box sx={{ display: "flex", gap: 1, mb: 3, flexWrap: "wrap" }}>
            <Button variant="contained" onClick={run} disabled={running}>
              {running ? "Running Diagnostics..." : "Run Diagnostics"}
            </Button>
            <Button component={Link} to={dashboardPaths.campaigns} variant="outlined">
              Open Campaigns
            </Button>
          </Box>
          {results.map((check) => (
            <Paper
              key={check.name}
              variant="outlined"
              sx={{ p: 2, mb: 2 }}
              data-testid={`check-${check.name}`}
            >
              <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 1, flexWrap: "wrap" }}>
                <Typography variant="h6" component="h2">
                  {check.name}
                </Typography>
                <Chip
                  size="small"
                  label={
                    { idle: "Not run", running: "Running...", ok: "OK", failed: "Failed" }[
                      check.state
                    ]
                  }
                  color={
                    check.state === "ok"
                      ? "success"
                      : check.state === "failed"
                        ? "error"
                        : "default"
                  }
                />
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ overflowWrap: "anywhere" }}
                >
                  GET /api{check.path}
                </Typography>
              </Box>
              {check.message && <Alert severity="error">{check.message}</Alert>}
              {check.result !== undefined && (
                <Box
                  component="pre"
                  sx={{
                    m: 0,
                    p: 1,
                    bgcolor: "background.default",
                    borderRadius: 1,
                    overflow: "auto",
                    fontSize: 13,
                  }}
                >
                  {JSON.stringify(check.result, null, 2)}
                </Box>
              )}
            </Paper>
          ))}
        </>
      )}
    </Box>
  );
}

export default withMuiTheme(PartnerTestPage);
