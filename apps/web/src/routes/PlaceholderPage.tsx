import type { ReactNode } from "react";
import { SitePage } from "../features/account/SitePage";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import "./pages.css";

/** Pages whose content later issues build: a heading so the route exists and is navigable. */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <SitePage>
      <h1>{title}</h1>
      {children}
    </SitePage>
  );
}
