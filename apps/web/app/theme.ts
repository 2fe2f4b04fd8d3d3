import { createTheme } from "@mui/material/styles";

/** The dark gold AurumWire theme. */
export const gold = { main: "#FFD700", light: "#FFE55C", dark: "#C9A800" };

export const theme = createTheme({
  palette: {
    mode: "dark",
    primary: { main: gold.main, light: gold.light, dark: gold.dark, contrastText: "#111111" },
    // Dark text on the red and the dark gold: white on them read at 3.7:1 and 3.3:1 (axe).
    secondary: { main: "#B8860B", contrastText: "#0B0B0F" },
    background: { default: "#0B0B0F", paper: "#15151C" },
    error: { main: "#F44336", contrastText: "#0B0B0F" },
    success: { main: "#2ECC71" },
    warning: { main: "#F5A623" },
    text: { primary: "#F5F5F5", secondary: "#B3B3BD" },
    divider: "rgba(255, 215, 0, 0.14)",
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 800 },
    h2: { fontWeight: 800 },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 700 },
    button: { textTransform: "none", fontWeight: 600 },
  },
  components: {
    MuiAppBar: { styleOverrides: { root: { backgroundImage: "none" } } },
    MuiPaper: { styleOverrides: { root: { backgroundImage: "none" } } },
  },
});
