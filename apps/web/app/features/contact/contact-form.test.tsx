// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { startApiServer } from "../../test/api-server";
import { renderScreen } from "../../test/render";
import { ContactForm } from "./contact-form";

const server = startApiServer();

const thanks = "Thank you for your message! We'll get back to you soon.";

async function fillIn(user: ReturnType<typeof renderScreen>["user"], subject: string) {
  await user.type(screen.getByRole("textbox", { name: /^Name/ }), "Ada Reader");
  await user.type(screen.getByRole("textbox", { name: /^Email/ }), "ada.reader@example.com");
  await user.type(screen.getByRole("textbox", { name: /^Subject/ }), subject);
  await user.type(
    screen.getByRole("textbox", { name: /^Message/ }),
    "Withdrawals paused at 09:00.",
  );
}

describe("the contact form", () => {
  it("thanks in the snackbar and empties itself; a refusal is the server's sentence there", async () => {
    const { user } = renderScreen(<ContactForm />);
    await fillIn(user, "Tip: an exchange paused");
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    // The spec's sentence, in the one message style (decision 309), and the form is cleared.
    const said = await screen.findByText(thanks);
    expect(said.closest(".MuiSnackbar-root")).not.toBeNull();
    expect((screen.getByRole("textbox", { name: /^Subject/ }) as HTMLInputElement).value).toBe("");
    expect((screen.getByRole("textbox", { name: /^Message/ }) as HTMLTextAreaElement).value).toBe(
      "",
    );

    // Four more from this network reach the limit of five an hour; the next is refused.
    for (let sent = 2; sent <= 5; sent += 1) {
      const answer = await server.app.inject({
        method: "POST",
        url: "/api/contact/messages",
        payload: {
          name: "Ada",
          email: "ada.reader@example.com",
          subject: `Tip ${sent}`,
          message: "More.",
          website: "",
        },
      });
      expect(answer.statusCode).toBe(202);
    }
    await fillIn(user, "Tip: one more");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    const refused = await screen.findByText(/Too many messages from your network/);
    const alert = refused.closest('[role="alert"]') as HTMLElement;
    expect(alert.closest(".MuiSnackbar-root")).not.toBeNull();
    expect(within(alert).queryByText(thanks)).toBeNull();
    // What was typed stays, to be sent again later.
    expect((screen.getByRole("textbox", { name: /^Subject/ }) as HTMLInputElement).value).toBe(
      "Tip: one more",
    );
  });
});
