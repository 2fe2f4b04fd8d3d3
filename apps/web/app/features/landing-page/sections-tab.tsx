import {
  type LandingSection,
  type LandingSectionType,
  landingSectionItemDefaults,
  landingSectionMaxItems,
  landingSectionTypeLabels,
  landingSectionTypes,
} from "@aurumwire/shared/landing-page";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import {
  useCategoryOptions,
  useCreateLandingSection,
  useDeleteLandingSection,
  useReorderLandingSections,
  useUpdateLandingSection,
} from "../../api/landing-page";
import { ConfirmDialog } from "../../components/confirm-dialog";
import type { Notify } from "../../components/feedback";
import { errorText } from "../../lib/error-text";
import { SortableList } from "./sortable-list";

/** Types whose items come from article lists, so a category can narrow them. */
const categoryTypes: readonly LandingSectionType[] = ["latest_news"];

type SectionForm = {
  sectionType: LandingSectionType;
  title: string;
  itemCount: string;
  categorySlug: string;
  isActive: boolean;
};

/** The Add Section dialog, also used to edit a section: type, title and the type's options. */
function SectionDialog({
  open,
  section,
  onClose,
  notify,
}: {
  open: boolean;
  section: LandingSection | null;
  onClose: () => void;
  notify: Notify;
}) {
  const create = useCreateLandingSection();
  const update = useUpdateLandingSection();
  const categories = useCategoryOptions();
  const initial: SectionForm = section
    ? {
        sectionType: section.sectionType,
        title: section.title,
        itemCount: String(section.configuration.itemCount ?? ""),
        categorySlug: section.configuration.categorySlug ?? "",
        isActive: section.isActive,
      }
    : { sectionType: "latest_news", title: "", itemCount: "", categorySlug: "", isActive: true };
  const [form, setForm] = useState<SectionForm>(initial);
  const [error, setError] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;
  const count = form.itemCount === "" ? undefined : Number(form.itemCount);
  const countInvalid =
    count !== undefined &&
    (!Number.isInteger(count) || count < 1 || count > landingSectionMaxItems);

  async function save() {
    setError(null);
    const configuration = {
      ...(count !== undefined ? { itemCount: count } : {}),
      ...(categoryTypes.includes(form.sectionType) && form.categorySlug
        ? { categorySlug: form.categorySlug }
        : {}),
    };
    const body = {
      sectionType: form.sectionType,
      title: form.title.trim() || landingSectionTypeLabels[form.sectionType],
      isActive: form.isActive,
      configuration,
    };
    try {
      if (section) await update.mutateAsync({ id: section.id, ...body });
      else await create.mutateAsync(body);
      notify("success", section ? "Section updated" : "Section added");
      onClose();
    } catch (caught) {
      console.error("landing section save failed", caught);
      setError(errorText("Failed to save the section", caught));
    }
  }

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{section ? "Edit Section" : "Add Section"}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {error && (
            <Typography color="error" role="alert">
              {error}
            </Typography>
          )}
          <TextField
            select
            label="Section type"
            value={form.sectionType}
            onChange={(event) =>
              setForm({ ...form, sectionType: event.target.value as LandingSectionType })
            }
          >
            {landingSectionTypes.map((type) => (
              <MenuItem key={type} value={type}>
                {landingSectionTypeLabels[type]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Title"
            value={form.title}
            placeholder={landingSectionTypeLabels[form.sectionType]}
            helperText={`Empty: "${landingSectionTypeLabels[form.sectionType]}"`}
            onChange={(event) => setForm({ ...form, title: event.target.value })}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          {form.sectionType !== "hero" && form.sectionType !== "featured_articles" && (
            <TextField
              label="How many items"
              type="number"
              value={form.itemCount}
              placeholder={String(landingSectionItemDefaults[form.sectionType])}
              error={countInvalid}
              helperText={
                countInvalid
                  ? `Enter a whole number from 1 to ${landingSectionMaxItems}`
                  : `Empty: ${landingSectionItemDefaults[form.sectionType]}`
              }
              onChange={(event) => setForm({ ...form, itemCount: event.target.value })}
            />
          )}
          {categoryTypes.includes(form.sectionType) && (
            <TextField
              select
              label="Category"
              value={form.categorySlug}
              onChange={(event) => setForm({ ...form, categorySlug: event.target.value })}
            >
              <MenuItem value="">All categories</MenuItem>
              {(categories.data ?? []).map((category) => (
                <MenuItem key={category.id} value={category.slug}>
                  {category.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <FormControlLabel
            control={
              <Switch
                checked={form.isActive}
                onChange={(event) => setForm({ ...form, isActive: event.target.checked })}
              />
            }
            label="Active (shown on the page)"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={busy || countInvalid}>
          {section ? "Save Section" : "Add Section"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function describeConfiguration(section: LandingSection): string {
  const parts: string[] = [];
  if (section.configuration.itemCount) parts.push(`${section.configuration.itemCount} items`);
  if (section.configuration.categorySlug)
    parts.push(`category ${section.configuration.categorySlug}`);
  return parts.join(", ");
}

/** Page Sections: the ordered list, drag (or keyboard) to reorder, toggle, edit, delete, add. */
export function SectionsTab({ sections, notify }: { sections: LandingSection[]; notify: Notify }) {
  const reorder = useReorderLandingSections();
  const update = useUpdateLandingSection();
  const remove = useDeleteLandingSection();
  const [dialog, setDialog] = useState<{ section: LandingSection | null } | null>(null);
  const [deleting, setDeleting] = useState<LandingSection | null>(null);

  async function onReorder(next: LandingSection[]) {
    try {
      await reorder.mutateAsync(next.map((section) => section.id));
      notify("success", "Section order saved");
    } catch (caught) {
      // Spec point 8: landing page errors are logged; the manager also says what happened.
      console.error("landing section reorder failed", caught);
      notify("error", errorText("Failed to save the new order", caught));
    }
  }

  async function toggle(section: LandingSection) {
    try {
      await update.mutateAsync({ id: section.id, isActive: !section.isActive });
    } catch (caught) {
      console.error("landing section toggle failed", caught);
      notify("error", errorText("Failed to update the section", caught));
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify("success", "Section deleted");
      setDeleting(null);
    } catch (caught) {
      console.error("landing section delete failed", caught);
      notify("error", errorText("Failed to delete the section", caught));
    }
  }

  return (
    <Box>
      <Stack
        direction="row"
        sx={{
          mb: 2,
          alignItems: "center",
          justifyContent: "space-between",
          gap: 2,
          flexWrap: "wrap",
        }}
      >
        <Typography color="text.secondary">
          Drag the handles (or focus one and use Space and the arrow keys) to set the order readers
          see. Inactive sections are not shown.
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setDialog({ section: null })}
        >
          Add Section
        </Button>
      </Stack>
      {sections.length === 0 ? (
        <Typography sx={{ py: 4, textAlign: "center" }}>
          No sections yet: the page shows only its banner and the newsletter box.
        </Typography>
      ) : (
        <SortableList
          items={sections}
          label="Landing page sections"
          itemLabel={(section) => section.title}
          onReorder={onReorder}
          renderItem={(section, index) => (
            <Stack
              direction="row"
              sx={{ flex: 1, minWidth: 0, alignItems: "center", gap: 1, flexWrap: "wrap" }}
            >
              <Typography sx={{ width: 28, color: "text.secondary" }}>{index + 1}.</Typography>
              <Box sx={{ flex: 1, minWidth: 160 }}>
                <Typography sx={{ fontWeight: 600 }} data-testid="section-title">
                  {section.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {describeConfiguration(section) || "Default options"}
                </Typography>
              </Box>
              <Chip
                size="small"
                label={landingSectionTypeLabels[section.sectionType]}
                variant="outlined"
              />
              {/* The controls wrap as one group: on a phone the delete icon keeps its row, and
                  the type chip goes before them, so the group fits a 390 px screen. */}
              <Stack direction="row" sx={{ alignItems: "center", gap: 1, flexWrap: "nowrap" }}>
                <FormControlLabel
                  sx={{ mr: 0 }}
                  control={
                    <Switch
                      checked={section.isActive}
                      onChange={() => toggle(section)}
                      slotProps={{ input: { "aria-label": `${section.title} active` } }}
                    />
                  }
                  label={section.isActive ? "Active" : "Inactive"}
                />
                <IconButton
                  aria-label={`Edit ${section.title}`}
                  onClick={() => setDialog({ section })}
                >
                  <EditIcon />
                </IconButton>
                <IconButton
                  aria-label={`Delete ${section.title}`}
                  onClick={() => setDeleting(section)}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            </Stack>
          )}
        />
      )}
      {dialog && (
        <SectionDialog
          open
          section={dialog.section}
          onClose={() => setDialog(null)}
          notify={notify}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete section?"
        message={`"${deleting?.title ?? ""}" will be removed from the landing page. This cannot be undone.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}
