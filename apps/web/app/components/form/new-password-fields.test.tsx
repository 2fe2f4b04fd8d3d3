// @vitest-environment happy-dom
import { resetPasswordRequestSchema } from "@aurumwire/shared/users";
import Button from "@mui/material/Button";
import { screen } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { renderScreen } from "../../test/render";
import { schemaResolver } from "./form-kit";
import { confirmationMatches, NewPasswordFields } from "./new-password-fields";

const choosePasswordSchema = z
  .object({ secret: resetPasswordRequestSchema.shape.password, confirm: z.string() })
  .refine(...confirmationMatches("secret"));

/** A form that chooses a password with the kit's pair, as the reset and profile forms do. */
function ChoosePassword(props: { onSubmit(values: unknown): void }) {
  const form = useForm({
    defaultValues: { secret: "", confirm: "" },
    resolver: schemaResolver(choosePasswordSchema),
  });
  return (
    <form method="post" noValidate onSubmit={form.handleSubmit(props.onSubmit)}>
      <NewPasswordFields name="secret" control={form.control} />
      <Button type="submit">Save</Button>
    </form>
  );
}

const newPassword = () => screen.getByLabelText(/^New password/) as HTMLInputElement;
const confirmation = () => screen.getByLabelText(/^Confirm new password/) as HTMLInputElement;

describe("the new-password fields", () => {
  it("are two password fields a password manager fills as a new password, with the rule as hint", () => {
    renderScreen(<ChoosePassword onSubmit={() => {}} />);
    for (const field of [newPassword(), confirmation()]) {
      expect(field.type).toBe("password");
      expect(field.autocomplete).toBe("new-password");
      expect(field.required).toBe(true);
    }
    expect(screen.getByText("At least 6 characters")).toBeTruthy();
  });

  it("say the shared rule under the password and a mismatch under the confirmation", async () => {
    const sent: unknown[] = [];
    const { user } = renderScreen(<ChoosePassword onSubmit={(values) => sent.push(values)} />);
    await user.type(newPassword(), "abc");
    await user.type(confirmation(), "abc");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Password must be at least 6 characters")).toBeTruthy();
    expect(screen.queryByText("At least 6 characters")).toBeNull();

    await user.type(newPassword(), "defgh");
    await user.type(confirmation(), "defgx");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Passwords do not match")).toBeTruthy();
    expect(confirmation().getAttribute("aria-invalid")).toBe("true");
    expect(sent).toEqual([]);

    await user.clear(confirmation());
    await user.type(confirmation(), "abcdefgh");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("At least 6 characters");
    expect(screen.queryByText("Passwords do not match")).toBeNull();
    expect(sent).toEqual([{ secret: "abcdefgh", confirm: "abcdefgh" }]);
  });
});
