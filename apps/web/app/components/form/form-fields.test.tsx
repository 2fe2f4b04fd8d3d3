// @vitest-environment happy-dom
import Button from "@mui/material/Button";
import { screen, within } from "@testing-library/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { renderScreen } from "../../test/render";
import { FormCheckboxField } from "./form-checkbox-field";
import { schemaResolver } from "./form-kit";
import { FormSelectField } from "./form-select-field";
import { SelectField } from "./select-field";

const alertSchema = z
  .object({
    coin: z.enum(["btc", "eth"], { error: "Choose a coin" }),
    daily: z.boolean(),
    terms: z.boolean().refine((value) => value, "Accept the terms to subscribe"),
  })
  .strict();
type AlertValues = { coin: string; daily: boolean; terms: boolean };

/** A form with the kit's select and yes-or-no fields, as a screen writes one. */
function AlertForm(props: { onSubmit(values: unknown): void; daily?: boolean }) {
  const form = useForm<AlertValues, unknown, z.output<typeof alertSchema>>({
    defaultValues: { coin: "", daily: props.daily ?? false, terms: false },
    resolver: schemaResolver(alertSchema),
  });
  return (
    <form onSubmit={form.handleSubmit(props.onSubmit)} noValidate>
      <FormSelectField
        name="coin"
        control={form.control}
        label="Coin"
        hint="The coin to follow"
        options={[
          { value: "btc", label: "Bitcoin" },
          { value: "eth", label: "Ether" },
        ]}
      />
      <FormCheckboxField
        name="daily"
        control={form.control}
        toggle="switch"
        label={(checked) => (checked ? "Daily digest" : "Only breaking news")}
      />
      <FormCheckboxField
        name="terms"
        control={form.control}
        label="I accept the terms"
        hint="Read them first"
      />
      <Button type="submit">Subscribe</Button>
    </form>
  );
}

describe("the form kit's select and yes-or-no fields", () => {
  it("shows the schema's message in the select's and the checkbox's place until they are fixed", async () => {
    const sent: unknown[] = [];
    const { user } = renderScreen(<AlertForm onSubmit={(values) => sent.push(values)} />);
    expect(screen.getByText("The coin to follow")).toBeTruthy();
    expect(screen.getByText("Read them first")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByText("Choose a coin")).toBeTruthy();
    expect(screen.getByText("Accept the terms to subscribe")).toBeTruthy();
    expect(screen.queryByText("Read them first")).toBeNull();
    expect(sent).toEqual([]);

    await user.click(screen.getByRole("combobox", { name: "Coin" }));
    await user.click(within(screen.getByRole("listbox")).getByRole("option", { name: "Ether" }));
    await user.click(screen.getByRole("checkbox", { name: "I accept the terms" }));
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    await screen.findByText("Read them first");
    expect(sent).toEqual([{ coin: "eth", daily: false, terms: true }]);
  });

  it("names a switch by its state and submits what it shows", async () => {
    const sent: unknown[] = [];
    const { user } = renderScreen(<AlertForm daily onSubmit={(values) => sent.push(values)} />);
    const daily = screen.getByRole("switch", { name: "Daily digest" }) as HTMLInputElement;
    expect(daily.checked).toBe(true);

    await user.click(daily);
    const off = screen.getByRole("switch", { name: "Only breaking news" }) as HTMLInputElement;
    expect(off.checked).toBe(false);
    await user.click(screen.getByRole("combobox", { name: "Coin" }));
    await user.click(screen.getByRole("option", { name: "Bitcoin" }));
    await user.click(screen.getByRole("checkbox", { name: "I accept the terms" }));
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    await screen.findByRole("button", { name: "Subscribe" });
    expect(sent).toEqual([{ coin: "btc", daily: false, terms: true }]);
  });
});

/** A list's filter: the choice applies at once. */
function StatusFilter(props: { onChange(next: number | "all"): void }) {
  const [value, setValue] = useState<number | "all">("all");
  return (
    <SelectField
      label="Desk"
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
      options={[
        { value: "all", label: "All desks" },
        { value: 7, label: "Markets" },
        { value: 9, label: "Policy" },
      ]}
    />
  );
}

describe("a select outside a form", () => {
  it("shows the choice and hands over the option's value as it was given", async () => {
    const chosen: unknown[] = [];
    const { user } = renderScreen(<StatusFilter onChange={(next) => chosen.push(next)} />);
    const select = screen.getByRole("combobox", { name: "Desk" });
    expect(select.textContent).toBe("All desks");

    await user.click(select);
    await user.click(screen.getByRole("option", { name: "Policy" }));
    expect(screen.getByRole("combobox", { name: "Desk" }).textContent).toBe("Policy");
    await user.click(screen.getByRole("combobox", { name: "Desk" }));
    await user.click(screen.getByRole("option", { name: "All desks" }));
    expect(chosen).toEqual([9, "all"]);
  });
});
