import { limits } from "@aurumwire/shared/limits";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { FormTextField } from "./form-text-field";

/** What the confirmation says when it does not repeat the new password. */
export const passwordsDoNotMatch = "Passwords do not match";

/**
 * The rule of the new-password pair, for a schema's `.refine`: the confirmation (`confirm`) must
 * repeat the new password (the field `newField`), else the message stands under the confirmation.
 * The new password's own rules (its length) come from the shared schema the server checks.
 */
export function confirmationMatches<Field extends string>(
  newField: Field,
): [(values: Record<Field | "confirm", string>) => boolean, { message: string; path: string[] }] {
  return [
    (values) => values[newField] === values.confirm,
    { message: passwordsDoNotMatch, path: ["confirm"] },
  ];
}

/**
 * The form kit's new password, twice: "New password" (with its rule as the hint) and "Confirm new
 * password", bound to the form's `name` and `confirm` fields, for a password manager to fill as a
 * new password. Used where a password is chosen: the reset link's page and the profile's Change
 * Password.
 */
export function NewPasswordFields<Values extends FieldValues, Transformed = Values>(props: {
  name: FieldPath<Values>;
  control: Control<Values, unknown, Transformed>;
  autoFocus?: boolean;
}) {
  const { name, control, autoFocus } = props;
  return (
    <>
      <FormTextField
        name={name}
        control={control}
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        hint={`At least ${limits.passwordMin} characters`}
      />
      <FormTextField
        name={"confirm" as FieldPath<Values>}
        control={control}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
