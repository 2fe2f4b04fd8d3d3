// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { dashboardPaths } from "../lib/dashboard-paths";
import { renderScreen } from "../test/render";
import { NewArticleButton } from "./new-article-button";

it("is a link to the article editor, named as the screen names it", () => {
  renderScreen(<NewArticleButton>Create Article</NewArticleButton>);
  expect(screen.getByRole("link", { name: "Create Article" }).getAttribute("href")).toBe(
    dashboardPaths.createArticle,
  );
});
