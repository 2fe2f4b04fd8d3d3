import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AuthProvider } from "../lib/auth-context";
import LoginPage, { action as loginAction } from "./login";
import RegisterPage, { action as registerAction } from "./register";

type PageProps = Parameters<typeof LoginPage>[0];

/** The forms as the server renders them, i.e. as a browser without JavaScript submits them. */
function render(Page: (props: PageProps) => React.ReactNode, actionData?: unknown) {
  const props = {
    loaderData: { siteName: "AurumWire", demo: null },
    actionData,
    params: {},
    matches: [],
  } as unknown as PageProps;
  return renderToString(
    <MemoryRouter>
      <AuthProvider>
        <Page {...props} />
      </AuthProvider>
    </MemoryRouter>,
  );
}

function formTag(html: string) {
  return /<form\b[^>]*>/.exec(html)?.[0] ?? "";
}

describe("sign-in and sign-up forms without JavaScript", () => {
  it("the login form posts, so the password never lands in the address", () => {
    expect(formTag(render(LoginPage))).toMatch(/\smethod="post"/);
  });

  it("the register form posts too", () => {
    expect(formTag(render(RegisterPage as never))).toMatch(/\smethod="post"/);
  });

  it("a posted login form is answered with what is needed, not a 405", async () => {
    const answer = (await loginAction()) as unknown as {
      data: { error: string };
      init: ResponseInit;
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data.error).toBe(
      "Signing in needs JavaScript. Please turn it on in your browser and try again.",
    );
    expect(render(LoginPage, answer.data)).toContain("Signing in needs JavaScript.");
    const registered = (await registerAction()) as unknown as { data: { error: string } };
    expect(registered.data.error).toMatch(/^Creating an account needs JavaScript/);
  });
});
