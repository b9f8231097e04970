import { describe, expect, test } from "vitest";
import { clipEmbedCode, clipPagePath, clipRegisterPath, clipShareTargets } from "./share";

const ORIGIN = "https://onstage.example";

describe("clip addresses (spec 2 §2, spec 3 §2)", () => {
  test.each([
    { case: "the clip page", got: clipPagePath("launch-day-1a2b3c"), want: "/clips/launch-day-1a2b3c" },
    {
      case: "register from a clip",
      got: clipRegisterPath("spring-launch", 42),
      want: "/c/spring-launch?clip_id=42&register=true",
    },
  ])("$case → $want", ({ got, want }) => {
    expect(got).toBe(want);
  });
});

describe("clipShareTargets (spec 3 §2: Twitter, Facebook, LinkedIn)", () => {
  const targets = clipShareTargets(`${ORIGIN}/clips/launch-1a2b`, "Launch & more");
  test.each([
    {
      target: "twitter" as const,
      want: "https://twitter.com/intent/tweet?url=https%3A%2F%2Fonstage.example%2Fclips%2Flaunch-1a2b&text=Launch%20%26%20more",
    },
    {
      target: "facebook" as const,
      want: "https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fonstage.example%2Fclips%2Flaunch-1a2b",
    },
    {
      target: "linkedin" as const,
      want: "https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fonstage.example%2Fclips%2Flaunch-1a2b",
    },
  ])("$target", ({ target, want }) => {
    expect(targets[target]).toBe(want);
  });
});

describe("clipEmbedCode (spec 3 §2, §9: an iframe of width 100% and height 800)", () => {
  test.each([
    {
      case: "a plain title",
      title: "Launch day",
      want: `<iframe src="${ORIGIN}/embed/clips/launch-1a2b" width="100%" height="800" frameborder="0" allow="autoplay; fullscreen" allowfullscreen title="Launch day"></iframe>`,
    },
    {
      case: "a title with markup is escaped",
      title: `"><script>x</script> & co`,
      want: `<iframe src="${ORIGIN}/embed/clips/launch-1a2b" width="100%" height="800" frameborder="0" allow="autoplay; fullscreen" allowfullscreen title="&quot;&gt;&lt;script&gt;x&lt;/script&gt; &amp; co"></iframe>`,
    },
  ])("$case", ({ title, want }) => {
    expect(clipEmbedCode(ORIGIN, { slug: "launch-1a2b", title })).toBe(want);
  });
});
