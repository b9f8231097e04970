import { clipRegisterPath, errorMessage } from "@onstage/domain";
import { useParams } from "wouter";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { buttonClassName } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { ClipVideo } from "./ClipVideo";
import { useClipPage } from "./useClipPage";
import "./clips.css";

/**
 * /embed/clips/{slug} (spec 3 §2, §9): the clip as other sites frame it, full width. Registering opens
 * the event in a new tab: the visitor stays on the site that embeds it.
 */
export function ClipEmbedPage() {
  const slug = useParams().slug ?? "";
  const query = useClipPage(slug);
  useDocumentTitle(query.data?.clip.title ?? null);
  if (query.isPending) return <Spinner label="Loading clip…" />;
  if (!query.data) {
    return (
      <main className="clip-embed clip-embed--empty">
        <p>{errorMessage("clip_not_found")}</p>
      </main>
    );
  }
  const { clip, event } = query.data;
  return (
    <main className="clip-embed">
      <ClipVideo clip={clip} className="clip-embed__video" />
      <div className="clip-embed__bar">
        <h1 className="clip-embed__title">{clip.title}</h1>
        <a
          className={buttonClassName({ size: "sm" })}
          href={clipRegisterPath(event.eventCode, clip.id)}
          target="_blank"
          rel="noopener"
        >
          Register
        </a>
      </div>
    </main>
  );
}
