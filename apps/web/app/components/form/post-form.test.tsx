// @vitest-environment happy-dom
import TextField from "@mui/material/TextField";
import { act, screen } from "@testing-library/react";
import { type FormEvent, useState } from "react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../test/render";
import { FormAnswer, type FormOutcome } from "./form-answer";
import { PostForm } from "./post-form";

/**
 * A sign-in card page's form as the kit draws it. Each submit adds to `replies` the function that
 * answers it, as the server would; `actionError` is what the route's action answered a post made
 * without JavaScript.
 */
function VoucherCard(props: {
  actionError?: string;
  replies: Array<(outcome: FormOutcome) => void>;
}) {
  const [voucher, setVoucher] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    props.replies.push((answer) => {
      setOutcome(answer);
      setBusy(false);
    });
  };
  return (
    <>
      <FormAnswer outcome={outcome} actionError={props.actionError} />
      <PostForm
        submitLabel="Redeem"
        busyLabel="Redeeming..."
        busy={busy}
        submitDisabled={voucher.trim() === ""}
        card
        onSubmit={submit}
      >
        <TextField
          label="Voucher"
          value={voucher}
          onChange={(event) => setVoucher(event.target.value)}
        />
      </PostForm>
    </>
  );
}

describe("the kit's post form and its answer", () => {
  it("posts, waits for a value, says it is busy, and shows the answer above the form", async () => {
    const replies: Array<(outcome: FormOutcome) => void> = [];
    const { user, container } = renderScreen(<VoucherCard replies={replies} />);
    expect(container.querySelector("form")?.getAttribute("method")).toBe("post");
    const redeem = screen.getByRole("button", { name: "Redeem" }) as HTMLButtonElement;
    expect(redeem.disabled).toBe(true);

    await user.type(screen.getByRole("textbox", { name: "Voucher" }), "GOLD-2024");
    await user.click(screen.getByRole("button", { name: "Redeem" }));
    const busy = screen.getByRole("button", { name: "Redeeming..." }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);

    act(() => replies[0]?.({ severity: "error", text: "This voucher has expired." }));
    expect((await screen.findByRole("alert")).textContent).toBe("This voucher has expired.");
    expect((screen.getByRole("button", { name: "Redeem" }) as HTMLButtonElement).disabled).toBe(
      false,
    );

    await user.click(screen.getByRole("button", { name: "Redeem" }));
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => replies[1]?.({ severity: "success", text: "Voucher redeemed." }));
    expect((await screen.findByRole("status")).textContent).toBe("Voucher redeemed.");
  });

  it("shows the no-script answer of the route's action until a submit answers", async () => {
    const replies: Array<(outcome: FormOutcome) => void> = [];
    const { user } = renderScreen(
      <VoucherCard actionError="Redeeming needs JavaScript." replies={replies} />,
    );
    expect(screen.getByRole("alert").textContent).toBe("Redeeming needs JavaScript.");

    await user.type(screen.getByRole("textbox", { name: "Voucher" }), "GOLD-2024");
    await user.click(screen.getByRole("button", { name: "Redeem" }));
    act(() => replies[0]?.({ severity: "success", text: "Voucher redeemed." }));
    expect((await screen.findByRole("status")).textContent).toBe("Voucher redeemed.");
    expect(screen.queryByText("Redeeming needs JavaScript.")).toBeNull();
  });
});
