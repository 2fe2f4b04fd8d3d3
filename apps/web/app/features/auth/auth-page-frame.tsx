import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { SkipLink } from "../../components/skip-link";

/** Login and register stand outside the main layout (spec point 2): a centred card on the dark background. */
export function AuthPageFrame({
  siteName,
  title,
  children,
}: {
  siteName: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <>
      <SkipLink />
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        className="aw-skip-target"
        sx={{
          minHeight: "100vh",
          display: "grid",
          placeItems: "center",
          p: 2,
          background:
            "radial-gradient(circle at 50% 0%, rgba(255,215,0,0.12), transparent 60%), #0B0B0F",
        }}
      >
        <Box sx={{ width: "100%", maxWidth: 440 }}>
          <Box
            component={RouterLink}
            to="/"
            sx={{ display: "block", textAlign: "center", textDecoration: "none", mb: 3 }}
          >
            <Typography
              component="span"
              sx={{ fontWeight: 900, fontSize: 30, color: "primary.main" }}
            >
              {siteName}
            </Typography>
            <Typography
              component="span"
              sx={{
                display: "block",
                fontSize: 11,
                color: "text.secondary",
                letterSpacing: 1.5,
                textTransform: "uppercase",
              }}
            >
              Premium Crypto Intelligence
            </Typography>
          </Box>
          <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
            <Typography variant="h5" component="h1" sx={{ mb: 3, fontWeight: 800 }}>
              {title}
            </Typography>
            {children}
          </Paper>
        </Box>
      </Box>
    </>
  );
}
