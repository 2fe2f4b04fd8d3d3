// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { startApiServer } from "../../test/api-server";
import { renderScreen } from "../../test/render";
import { ProfileSettings } from "./profile-settings";

const server = startApiServer();

/** The snackbar's message (decision 309), found by its text. */
async function snackbarSaying(text: RegExp | string) {
  const message = await screen.findByText(text);
  expect(message.closest(".MuiSnackbar-root")).not.toBeNull();
  return message;
}

describe("two-factor sign-in in the profile", () => {
  it("says a refused code and the switch-on in the snackbar; the panel shows the codes and the state", async () => {
    await server.signInAs("reader");
    const { user } = renderScreen(<ProfileSettings />);
    const panel = await screen.findByRole("region", { name: "Two-factor sign-in" });
    await user.click(await within(panel).findByRole("button", { name: "Set up two-factor" }));
    const key = (await within(panel).findByLabelText("Set-up key")).textContent ?? "";

    // A code of another secret is refused with the server's sentence.
    const code = within(panel).getByRole("textbox", { name: /Confirmation code/ });
    await user.type(code, new TOTP({ secret: new Secret({ size: 20 }) }).generate());
    await user.click(within(panel).getByRole("button", { name: "Turn on two-factor" }));
    await snackbarSaying(/does not match the QR code/);
    expect((code as HTMLInputElement).value).toBe("");

    await user.type(
      code,
      new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, "")) }).generate(),
    );
    await user.click(within(panel).getByRole("button", { name: "Turn on two-factor" }));
    await snackbarSaying("Two-factor sign-in is on.");
    const codes = within(panel).getByRole("list", { name: "Recovery codes" });
    expect(within(codes).getAllByRole("listitem")).toHaveLength(10);

    await user.click(within(panel).getByRole("button", { name: "I have saved them" }));
    expect(await within(panel).findByText(/Two-factor sign-in is on since/)).toBeTruthy();
    expect(within(panel).getByText(/10 recovery codes left/)).toBeTruthy();

    // Turning it off with a wrong password: the refusal in the snackbar, the state unchanged.
    await user.type(within(panel).getByLabelText(/^Password/), "not the password");
    await user.type(within(panel).getByLabelText(/^Code or recovery code/), "000000");
    await user.click(within(panel).getByRole("button", { name: "Turn off two-factor" }));
    await snackbarSaying("Your password is not correct.");
    expect(within(panel).getByText(/Two-factor sign-in is on since/)).toBeTruthy();
  });
});
