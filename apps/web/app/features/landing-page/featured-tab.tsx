import { type LandingFeatured, landingFeaturedSlots } from "@aurumwire/shared/landing-page";
import CloseIcon from "@mui/icons-material/Close";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useArticleSearch, usePickTitles, useSaveLandingFeatured } from "../../api/landing-page";
import type { Notify } from "../../components/feedback";
import { errorText } from "../../lib/error-text";
import { useDebouncedSearch } from "../../lib/use-debounced-search";
import { SortableList } from "./sortable-list";

type Pick = { id: number; title: string };

function ArticlePicker({
  label,
  exclude,
  onPick,
  disabled,
}: {
  label: string;
  exclude: Set<number>;
  onPick: (pick: Pick) => void;
  disabled?: boolean;
}) {
  const { input, setInput, search } = useDebouncedSearch();
  const results = useArticleSearch(search);
  return (
    <Autocomplete<Pick>
      options={(results.data ?? []).filter((option) => !exclude.has(option.id))}
      getOptionLabel={(option) => option.title}
      filterOptions={(options) => options}
      loading={results.isFetching}
      value={null}
      inputValue={input}
      onInputChange={(_event, value, reason) => {
        if (reason !== "reset") setInput(value);
      }}
      onChange={(_event, value) => {
        if (value) onPick(value);
        setInput("");
      }}
      disabled={disabled}
      noOptionsText={search ? "No published article matches" : "No published articles"}
      renderInput={(params) => (
        <TextField {...params} label={label} placeholder="Search articles" />
      )}
    />
  );
}

function PickList({
  title,
  hint,
  max,
  picks,
  exclude,
  onChange,
}: {
  title: string;
  hint: string;
  max: number;
  picks: Pick[];
  exclude: Set<number>;
  onChange: (picks: Pick[]) => void;
}) {
  return (
    <Box>
      <Typography variant="h6" component="h3">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {hint}
      </Typography>
      {picks.length > 0 && (
        <SortableList
          items={picks}
          label={title}
          itemLabel={(pick) => pick.title}
          onReorder={onChange}
          renderItem={(pick, index) => (
            <Stack direction="row" sx={{ flex: 1, alignItems: "center", gap: 1, minWidth: 0 }}>
              <Typography sx={{ width: 28, color: "primary.main", fontWeight: 700 }}>
                {String(index + 1).padStart(2, "0")}
              </Typography>
              <Typography sx={{ flex: 1, minWidth: 0 }} noWrap title={pick.title}>
                {pick.title}
              </Typography>
              <IconButton
                aria-label={`Remove ${pick.title}`}
                onClick={() => onChange(picks.filter((other) => other.id !== pick.id))}
              >
                <CloseIcon />
              </IconButton>
            </Stack>
          )}
        />
      )}
      <Box sx={{ mt: 1 }}>
        <ArticlePicker
          label={picks.length >= max ? `All ${max} slots chosen` : `Add to ${title}`}
          exclude={exclude}
          disabled={picks.length >= max}
          onPick={(pick) => onChange([...picks, pick])}
        />
      </Box>
    </Box>
  );
}

/**
 * Featured Content: the hero article, the 4 secondary cards and the 4 Editor's Picks. Slots left
 * empty are filled with the newest articles on the page.
 */
export function FeaturedTab({
  featured,
  notify,
  onDraftChange,
}: {
  featured: LandingFeatured;
  notify: Notify;
  onDraftChange: (draft: LandingFeatured) => void;
}) {
  const save = useSaveLandingFeatured();
  const savedIds = [
    ...(featured.heroArticleId ? [featured.heroArticleId] : []),
    ...featured.secondaryArticleIds,
    ...featured.editorsPickIds,
  ];
  const titles = usePickTitles(savedIds);
  const named = (id: number): Pick => ({ id, title: titles.data?.get(id) ?? `Article ${id}` });
  const [edited, setEdited] = useState<{
    hero: Pick | null;
    secondary: Pick[];
    picks: Pick[];
  } | null>(null);
  const draft = edited ?? {
    hero: featured.heroArticleId ? named(featured.heroArticleId) : null,
    secondary: featured.secondaryArticleIds.map(named),
    picks: featured.editorsPickIds.map(named),
  };
  const used = new Set([
    ...(draft.hero ? [draft.hero.id] : []),
    ...draft.secondary.map((pick) => pick.id),
    ...draft.picks.map((pick) => pick.id),
  ]);
  const toFeatured = (next: typeof draft): LandingFeatured => ({
    heroArticleId: next.hero?.id ?? null,
    secondaryArticleIds: next.secondary.map((pick) => pick.id),
    editorsPickIds: next.picks.map((pick) => pick.id),
  });
  const change = (next: typeof draft) => {
    setEdited(next);
    onDraftChange(toFeatured(next));
  };

  async function submit() {
    try {
      await save.mutateAsync(toFeatured(draft));
      setEdited(null);
      notify("success", "Featured content saved");
    } catch (caught) {
      console.error("landing featured save failed", caught);
      notify("error", errorText("Failed to save featured content", caught));
    }
  }

  return (
    <Stack spacing={4}>
      <Box>
        <Typography variant="h6" component="h3">
          Hero article
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          The large story at the top. Empty: the newest article.
        </Typography>
        {draft.hero ? (
          <Stack
            direction="row"
            sx={{
              alignItems: "center",
              gap: 1,
              p: 1,
              border: 1,
              borderColor: "divider",
              borderRadius: 1,
            }}
          >
            <Typography sx={{ flex: 1, minWidth: 0 }} noWrap>
              {draft.hero.title}
            </Typography>
            <IconButton
              aria-label="Remove the hero article"
              onClick={() => change({ ...draft, hero: null })}
            >
              <CloseIcon />
            </IconButton>
          </Stack>
        ) : (
          <ArticlePicker
            label="Choose the hero article"
            exclude={used}
            onPick={(pick) => change({ ...draft, hero: pick })}
          />
        )}
      </Box>
      <PickList
        title="Secondary cards"
        hint={`Up to ${landingFeaturedSlots.secondary} cards beside the hero; drag to order. Empty slots: the newest articles.`}
        max={landingFeaturedSlots.secondary}
        picks={draft.secondary}
        exclude={used}
        onChange={(secondary) => change({ ...draft, secondary })}
      />
      <PickList
        title="Editor's Picks"
        hint={`The ${landingFeaturedSlots.editorsPicks} numbered picks (01-04); drag to order. Empty slots: the newest articles.`}
        max={landingFeaturedSlots.editorsPicks}
        picks={draft.picks}
        exclude={used}
        onChange={(picks) => change({ ...draft, picks })}
      />
      <Box>
        <Button variant="contained" onClick={submit} disabled={save.isPending || edited === null}>
          Save Featured Content
        </Button>
      </Box>
    </Stack>
  );
}
