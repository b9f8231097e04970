// The landing page's three share targets (spec 1 §2).

export interface ShareTarget {
  network: "x" | "facebook" | "linkedin";
  label: string;
  href: string;
}

export function shareTargets(pageUrl: string, title: string): ShareTarget[] {
  const url = encodeURIComponent(pageUrl);
  return [
    {
      network: "x",
      label: "Share on X (Twitter)",
      href: `https://twitter.com/intent/tweet?url=${url}&text=${encodeURIComponent(title)}`,
    },
    {
      network: "facebook",
      label: "Share on Facebook",
      href: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    },
    {
      network: "linkedin",
      label: "Share on LinkedIn",
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
    },
  ];
}
