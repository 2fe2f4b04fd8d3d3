import type { ArticleInputParsed } from "@aurumwire/shared/articles";
import type { CategoryOutput } from "@aurumwire/shared/category-admin";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import { Controller, useFormContext } from "react-hook-form";
import { CategorySelect } from "../../components/category-select";
import type { ArticleFormValues } from "./article-form-values";
import { TagsField } from "./tags-field";

/** Category (as an indented tree; inactive ones only when already chosen) and tags. */
export function CategoryPanel(props: { categories: readonly CategoryOutput[] }) {
  const { control, formState } = useFormContext<ArticleFormValues, unknown, ArticleInputParsed>();
  const { errors } = formState;
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Stack spacing={2}>
        <Controller
          name="categoryId"
          control={control}
          render={({ field }) => (
            <CategorySelect
              categories={props.categories}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              inputRef={field.ref}
              label="Category"
              required
              fullWidth
              activeOnly
              emptyOption={{ value: "", label: <em>Select a category</em> }}
              error={!!errors.categoryId}
              helperText={errors.categoryId?.message}
            />
          )}
        />
        <Controller
          name="tags"
          control={control}
          render={({ field }) => (
            <TagsField value={field.value} onChange={field.onChange} error={errors.tags?.message} />
          )}
        />
      </Stack>
    </Paper>
  );
}
