// @vitest-environment happy-dom
import Button from "@mui/material/Button";
import { screen, within } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "../../lib/api-client";
import { renderScreen } from "../../test/render";
import { schemaResolver, showServerFieldErrors } from "./form-kit";
import { FormSelectField, wordOptions } from "./form-select-field";
import { FormTextField } from "./form-text-field";

const pitchSchema = z.object({
  headline: z.string().trim().min(1, "Give the pitch a headline").max(20, "At most 20 characters"),
  desk: z.enum(["news", "analysis"]),
  words: z.coerce.number().int().min(100, "At least 100 words"),
});
type PitchValues = { headline: string; desk: string; words: string };

/** A form as a screen writes one with the kit; `serverAnswer` is what the server says on submit. */
function PitchForm(props: { onSubmit(values: unknown): void; serverAnswer?: unknown }) {
  const form = useForm<PitchValues, unknown, z.output<typeof pitchSchema>>({
    defaultValues: { headline: "", desk: "news", words: "" },
    resolver: schemaResolver(pitchSchema, (values) => ({
      ...values,
      words: values.words === "" ? undefined : values.words,
    })),
  });
  const submit = form.handleSubmit((values) => {
    if (props.serverAnswer) {
      showServerFieldErrors(props.serverAnswer, form.setError, ["headline", "desk", "words"]);
      return;
    }
    props.onSubmit(values);
  });
  return (
    <form onSubmit={submit} noValidate>
      <FormTextField
        name="headline"
        control={form.control}
        label="Headline"
        hint="What the story is about"
        maxLength={20}
      />
      <FormSelectField
        name="desk"
        control={form.control}
        label="Desk"
        options={wordOptions(["news", "analysis"])}
      />
      <FormTextField name="words" control={form.control} label="Words" type="number" />
      <Button type="submit">Send pitch</Button>
    </form>
  );
}

describe("the form kit", () => {
  it("shows each field's hint, and the schema's message in its place when the value is wrong", async () => {
    const sent: unknown[] = [];
    const { user } = renderScreen(<PitchForm onSubmit={(values) => sent.push(values)} />);
    expect(screen.getByText("What the story is about")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Send pitch" }));

    expect(await screen.findByText("Give the pitch a headline")).toBeTruthy();
    expect(screen.queryByText("What the story is about")).toBeNull();
    expect(screen.getByRole("textbox", { name: "Headline" }).getAttribute("aria-invalid")).toBe(
      "true",
    );
    expect(sent).toEqual([]);
  });

  it("counts the characters typed and refuses a headline past the limit", async () => {
    const { user } = renderScreen(<PitchForm onSubmit={() => {}} />);
    const headline = screen.getByRole("textbox", { name: "Headline" });
    await user.type(headline, "Bitcoin rallies");
    expect(screen.getByText("15/20")).toBeTruthy();

    await user.type(headline, " past 100k today");
    await user.click(screen.getByRole("button", { name: "Send pitch" }));
    expect(await screen.findByText("At most 20 characters")).toBeTruthy();
    expect(screen.getByText("31/20")).toBeTruthy();
  });

  it("offers the select's options by their labels and submits what the schema made of the values", async () => {
    const sent: unknown[] = [];
    const { user } = renderScreen(<PitchForm onSubmit={(values) => sent.push(values)} />);
    await user.type(screen.getByRole("textbox", { name: "Headline" }), "ETF week");
    await user.click(screen.getByRole("combobox", { name: "Desk" }));
    const options = within(screen.getByRole("listbox")).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["News", "Analysis"]);
    await user.click(screen.getByRole("option", { name: "Analysis" }));
    await user.type(screen.getByRole("spinbutton", { name: "Words" }), "800");
    await user.click(screen.getByRole("button", { name: "Send pitch" }));

    await screen.findByRole("button", { name: "Send pitch" });
    expect(sent).toEqual([{ headline: "ETF week", desk: "analysis", words: 800 }]);
  });

  it("puts the server's field messages of a 400 under the fields they name", async () => {
    const answer = new ApiError(400, "Please check the form", "validation_error", {
      headline: "A pitch with this headline exists",
      unknownField: "not shown anywhere",
    });
    const { user } = renderScreen(<PitchForm onSubmit={() => {}} serverAnswer={answer} />);
    await user.type(screen.getByRole("textbox", { name: "Headline" }), "ETF week");
    await user.type(screen.getByRole("spinbutton", { name: "Words" }), "300");
    await user.click(screen.getByRole("button", { name: "Send pitch" }));

    expect(await screen.findByText("A pitch with this headline exists")).toBeTruthy();
    expect(screen.queryByText("not shown anywhere")).toBeNull();
  });
});
