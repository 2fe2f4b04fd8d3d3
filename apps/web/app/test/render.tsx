import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type RenderOptions, render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement, ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { MuiTheme } from "../components/mui-theme";
import { AuthProvider } from "../lib/auth-context";

function Providers(props: { children: ReactNode; queryClient: QueryClient; path: string }) {
  return (
    <QueryClientProvider client={props.queryClient}>
      <MemoryRouter initialEntries={[props.path]}>
        <AuthProvider>
          <MuiTheme>{props.children}</MuiTheme>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

/**
 * Renders a dashboard component as the app does (MUI theme, TanStack Query, router, auth) in the
 * file's DOM (`// @vitest-environment happy-dom` on its first line) and returns Testing Library's
 * queries with a `user` that types and clicks as a person does.
 */
export function renderScreen(
  ui: ReactElement,
  options: { path?: string } & Omit<RenderOptions, "wrapper"> = {},
) {
  const { path = "/", ...renderOptions } = options;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers queryClient={queryClient} path={path}>
      {children}
    </Providers>
  );
  return { user, queryClient, ...render(ui, { wrapper, ...renderOptions }) };
}
