// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { expect, test } from "vitest";
import { notFound, renderWithQueries, stubApi } from "../../testing/apiStub";
import { LinkPreviewCard } from "./LinkPreviewCard";

const URL = "https://www.youtube.com/watch?v=abc";

test("a provider's preview: title, provider and author, the thumbnail, the link in a new tab; no provider markup", async () => {
  const api = stubApi(() => ({
    status: 200,
    body: {
      type: "video",
      title: "Lighting for video",
      author_name: "Sam Speaker",
      provider_name: "YouTube",
      provider_url: "https://www.youtube.com/",
      thumbnail_url: "https://i.ytimg.test/abc.jpg",
      html: '<iframe src="https://www.youtube.com/embed/abc"></iframe><script>alert(1)</script>',
    },
  }));
  const { container } = renderWithQueries(<LinkPreviewCard url={URL} />);
  const card = await screen.findByRole("link", { name: /Lighting for video/ });
  expect(api.requests[0]?.path).toBe(`/api/link-preview?url=${encodeURIComponent(URL)}`);
  expect(card.getAttribute("href")).toBe(URL);
  expect(card.getAttribute("target")).toBe("_blank");
  expect(card.getAttribute("rel")).toContain("noopener");
  expect(card.textContent).toContain("YouTube · Sam Speaker");
  expect(container.querySelector("img")?.getAttribute("referrerpolicy")).toBe("no-referrer");
  expect(container.querySelector("iframe, script")).toBeNull();
});

test("an address without a preview shows no card", async () => {
  const api = stubApi(() => notFound("link_preview_no_provider"));
  const { container } = renderWithQueries(<LinkPreviewCard url={URL} />);
  await waitFor(() => expect(api.requests).toHaveLength(1));
  expect(container.querySelector(".link-card")).toBeNull();
});
