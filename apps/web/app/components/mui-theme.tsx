import { ThemeProvider } from "@mui/material/styles";
import type { ComponentType, ReactNode } from "react";
import { theme } from "../theme";

/**
 * The MUI theme, around the parts of the app that use MUI components: the dashboard, the sign-in
 * pages and a few islands of the public pages. It is not in the root: the public pages are plain
 * HTML and CSS, and MUI's theme and styling engine (~37 KB gzipped) load only with a page or an
 * island that needs them (decision 150). The global baseline CssBaseline gave is in site.css.
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/** A route or lazy component with the MUI theme around it. */
export function withMuiTheme<Props extends object>(Component: ComponentType<Props>) {
  function Themed(props: Props) {
    return (
      <MuiTheme>
        <Component {...props} />
      </MuiTheme>
    );
  }
  Themed.displayName = `withMuiTheme(${Component.displayName ?? Component.name})`;
  return Themed;
}
