import { describe, expect, test } from "vitest";
import { errorMessage } from "../errors";
import {
  canSaveTemplate,
  differsFromTemplate,
  type TemplateElement,
  templateName,
  templateNameExists,
} from "./templates";

const colour = (value: string): TemplateElement => ({
  type: "primary_color",
  title: "primary-color",
  value,
  order: 0,
  options: {},
});
const title = (value: string, options: Record<string, unknown> = {}): TemplateElement => ({
  type: "title",
  title: "Ada",
  value,
  order: 1,
  options,
});
const video = { title: "Intro", order: 1 };

describe("templateName: trimmed, non-empty", () => {
  test.each([
    ["Weekly show", "Weekly show"],
    ["  Weekly show  ", "Weekly show"],
    ["", null],
    ["   ", null],
  ])("%j → %j", (raw, name) => {
    expect(templateName(raw)).toBe(name);
  });
});

describe("templateNameExists: spec 3 §5 'titleExists'", () => {
  const templates = [{ description: "Weekly show" }, { description: "Launch" }];
  test.each([
    ["Weekly show", true],
    [" Launch ", true],
    ["weekly show", false],
    ["Other", false],
  ])("%j → %s", (name, exists) => {
    expect(templateNameExists(name, templates)).toBe(exists);
  });

  test("its message", () => {
    expect(errorMessage("titleExists")).toBe("A template with this name already exists");
  });
});

describe("canSaveTemplate: spec 3 §2, disabled with no elements, videos or files", () => {
  test.each([
    [{ elements: 0, videos: 0, files: 0 }, false],
    [{ elements: 1, videos: 0, files: 0 }, true],
    [{ elements: 0, videos: 1, files: 0 }, true],
    [{ elements: 0, videos: 0, files: 1 }, true],
  ])("%j → %s", (counts, can) => {
    expect(canSaveTemplate(counts)).toBe(can);
  });
});

describe("differsFromTemplate: spec 3 §2 saved-changes indicator", () => {
  const loaded = { elements: [colour("#112233"), title("Analyst", { a: 1, b: 2 })], videos: [video] };
  test.each([
    ["no template loaded", loaded, null, false],
    ["the same elements and videos", loaded, loaded, false],
    [
      "the same in another order, options' keys too",
      { elements: [title("Analyst", { b: 2, a: 1 }), colour("#112233")], videos: [video] },
      loaded,
      false,
    ],
    ["a colour changed", { ...loaded, elements: [colour("#445566"), title("Analyst")] }, loaded, true],
    ["an element added", { ...loaded, elements: [...loaded.elements, title("CEO")] }, loaded, true],
    ["an element removed", { ...loaded, elements: [colour("#112233")] }, loaded, true],
    ["a video removed", { ...loaded, videos: [] }, loaded, true],
  ])("%s → %s", (_, session, template, differs) => {
    expect(differsFromTemplate(session, template)).toBe(differs);
  });
});
