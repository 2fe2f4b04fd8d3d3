// @vitest-environment happy-dom
import { storageKeys } from "@aurumwire/shared/limits";
import type { ManagedUser } from "@aurumwire/shared/user-management";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { startApiServer } from "../../test/api-server";
import { renderScreen } from "../../test/render";
import { UserFormDialog } from "./user-form-dialog";

const server = startApiServer();

/** A user as the admin's list shows it: read back from the server. */
async function managedUser(email: string): Promise<ManagedUser> {
  await server.signInAs("admin");
  const authorization = `Bearer ${window.localStorage.getItem(storageKeys.token)}`;
  const answer = await server.app.inject({
    method: "GET",
    url: `/api/users?search=${encodeURIComponent(email)}`,
    headers: { authorization },
  });
  const found = answer.json().data.users.find((user: ManagedUser) => user.email === email);
  if (!found) throw new Error(`no user ${email}: ${answer.body}`);
  return found;
}

describe("the user form dialog", () => {
  it("creates an account, with the schema's messages first and the server's under the e-mail", async () => {
    await server.signInAs("admin");
    const saved: ManagedUser[] = [];
    const { user } = renderScreen(
      <UserFormDialog mode="create" open onClose={() => {}} onSaved={(it) => saved.push(it)} />,
    );
    expect(screen.getByRole("heading", { name: "Create User" })).toBeTruthy();
    expect(screen.queryByRole("checkbox")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Create User" }));
    expect(await screen.findByText("Email is required")).toBeTruthy();
    expect(saved).toEqual([]);

    await user.type(screen.getByRole("textbox", { name: /Email/ }), "editor@aurumwire.test");
    await user.type(screen.getByLabelText(/Password/), "long enough");
    await user.click(screen.getByRole("button", { name: "Create User" }));
    expect(await screen.findByText("A user with this email already exists")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toMatch(/already exists/);

    const email = `desk-${Date.now()}@aurumwire.test`;
    await user.clear(screen.getByRole("textbox", { name: /Email/ }));
    await user.type(screen.getByRole("textbox", { name: /Email/ }), email);
    await user.type(screen.getByRole("textbox", { name: "First name" }), "Dora");
    await user.click(screen.getByRole("combobox", { name: "Role" }));
    await user.click(screen.getByRole("option", { name: "Editor" }));
    await user.click(screen.getByRole("button", { name: "Create User" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ email, first_name: "Dora", role: "editor", is_active: true });
  });

  it("edits another account: its details filled in, Active switched off, the change saved", async () => {
    const author = await managedUser("author@aurumwire.test");
    const saved: ManagedUser[] = [];
    const { user } = renderScreen(
      <UserFormDialog
        mode="edit"
        user={author}
        isSelf={false}
        onClose={() => {}}
        onSaved={(it) => saved.push(it)}
      />,
    );
    expect(screen.getByRole("heading", { name: "Edit User" })).toBeTruthy();
    expect(screen.getByText("author@aurumwire.test")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: /Email/ })).toBeNull();
    expect((screen.getByRole("textbox", { name: "First name" }) as HTMLInputElement).value).toBe(
      author.first_name,
    );

    const active = screen.getByRole("switch", { name: "Active" });
    await user.click(active);
    expect(screen.getByRole("switch", { name: "Inactive" })).toBeTruthy();
    await user.type(screen.getByRole("textbox", { name: "Avatar URL" }), "not a link");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText(/Avatar must be an http\(s\) URL/)).toBeTruthy();

    await user.clear(screen.getByRole("textbox", { name: "Avatar URL" }));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ id: author.id, is_active: false });
  });

  it("keeps an admin from changing their own role or switching themselves off", async () => {
    const admin = await managedUser("admin@aurumwire.test");
    renderScreen(
      <UserFormDialog mode="edit" user={admin} isSelf onClose={() => {}} onSaved={() => {}} />,
    );
    expect(screen.getByText("You cannot change your own role")).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Role" }).getAttribute("aria-disabled")).toBe(
      "true",
    );
    expect(screen.getByRole("switch", { name: "Active" }).hasAttribute("disabled")).toBe(true);
  });
});
