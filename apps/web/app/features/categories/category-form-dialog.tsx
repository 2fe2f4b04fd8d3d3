import { type CategoryInput, categoryInputSchema } from "@aurumwire/shared/articles";
import type { CategoryOutput } from "@aurumwire/shared/category-admin";
import { defaultCategoryColor } from "@aurumwire/shared/limits";
import { slugify } from "@aurumwire/shared/slugs";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import type { CategoryNode } from "../../api/admin-categories";
import { useSaveCategory } from "../../api/admin-categories";
import { FormCheckboxField } from "../../components/form/form-checkbox-field";
import { schemaResolver, showServerFieldErrors } from "../../components/form/form-kit";
import { errorText } from "../../lib/error-text";

type FormValues = {
  name: string;
  slug: string;
  color: string;
  description: string;
  parentId: number | "";
  isActive: boolean;
};
type Parsed = z.output<typeof categoryInputSchema>;

const resolver = schemaResolver(categoryInputSchema, (values: FormValues) => ({
  ...values,
  parentId: values.parentId === "" ? null : values.parentId,
}));

function toFormValues(category: CategoryOutput | null, parentId: number | null): FormValues {
  return {
    name: category?.name ?? "",
    slug: category?.slug ?? "",
    color: category?.color ?? defaultCategoryColor,
    description: category?.description ?? "",
    parentId: (category ? category.parentId : parentId) ?? "",
    isActive: category?.isActive ?? true,
  };
}

/** Create or edit one category (spec point 5: name required). */
export function CategoryFormDialog(props: {
  open: boolean;
  category: CategoryOutput | null;
  /** For "add subcategory": the parent to preselect. */
  parentId: number | null;
  /** Categories in tree order, to choose a parent from. */
  options: CategoryNode[];
  /** The category and everything below it: not allowed as its own parent. */
  excludedParents: Set<number>;
  onClose: () => void;
  onSaved: (category: CategoryOutput, created: boolean) => void;
}) {
  const save = useSaveCategory();
  const [error, setError] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    reset,
    setError: setFieldError,
    watch,
    formState,
  } = useForm<FormValues, unknown, Parsed>({ defaultValues: toFormValues(null, null), resolver });
  const { errors } = formState;

  useEffect(() => {
    if (props.open) {
      reset(toFormValues(props.category, props.parentId));
      setError(null);
    }
  }, [props.open, props.category, props.parentId, reset]);

  const name = watch("name");
  const submit = handleSubmit(async (parsed) => {
    setError(null);
    try {
      const body: CategoryInput = { ...parsed, description: parsed.description || null };
      const saved = await save.mutateAsync({ id: props.category?.id, body });
      props.onSaved(saved, !props.category);
    } catch (caught) {
      showServerFieldErrors(caught, setFieldError, Object.keys(toFormValues(null, null)));
      setError(errorText("Failed to save category", caught));
    }
  });

  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="sm" fullWidth>
      <Box component="form" method="post" noValidate onSubmit={submit}>
        <DialogTitle>{props.category ? "Edit Category" : "New Category"}</DialogTitle>
        <DialogContent dividers>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <Stack spacing={2}>
            <Controller
              name="name"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  label="Name"
                  required
                  autoFocus
                  error={!!errors.name}
                  helperText={errors.name?.message}
                />
              )}
            />
            <Controller
              name="slug"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  label="Slug"
                  error={!!errors.slug}
                  helperText={
                    errors.slug?.message ??
                    `Leave empty to use "${slugify(name || "category")}" (made unique if taken)`
                  }
                />
              )}
            />
            <Controller
              name="color"
              control={control}
              render={({ field }) => (
                <Stack direction="row" spacing={2} sx={{ alignItems: "flex-start" }}>
                  <Box
                    component="input"
                    type="color"
                    aria-label="Pick a colour"
                    value={
                      /^#[0-9a-fA-F]{6}$/.test(field.value) ? field.value : defaultCategoryColor
                    }
                    onChange={(event) => field.onChange(event.target.value.toUpperCase())}
                    sx={{ width: 56, height: 56, p: 0.5, border: 0, bgcolor: "transparent" }}
                  />
                  <TextField
                    {...field}
                    label="Colour"
                    error={!!errors.color}
                    helperText={errors.color?.message ?? "Hex colour, e.g. #FFD700"}
                    sx={{ flex: 1 }}
                  />
                </Stack>
              )}
            />
            <Controller
              name="description"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  label="Description"
                  multiline
                  minRows={2}
                  error={!!errors.description}
                  helperText={errors.description?.message}
                />
              )}
            />
            <Controller
              name="parentId"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  select
                  label="Parent category"
                  error={!!errors.parentId}
                  helperText={errors.parentId?.message}
                  onChange={(event) => {
                    const value = event.target.value as unknown as number | "";
                    field.onChange(value === "" ? "" : Number(value));
                  }}
                >
                  <MenuItem value="">
                    <em>None (top level)</em>
                  </MenuItem>
                  {props.options
                    .filter((option) => !props.excludedParents.has(option.id))
                    .map((option) => (
                      <MenuItem key={option.id} value={option.id} sx={{ pl: 2 + option.depth * 2 }}>
                        {option.name}
                      </MenuItem>
                    ))}
                </TextField>
              )}
            />
            <FormCheckboxField name="isActive" control={control} toggle="switch" label="Active" />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save"}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
