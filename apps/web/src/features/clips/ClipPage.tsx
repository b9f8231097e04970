import { type ClipPage as ClipPageData, clipRegisterPath, errorMessage } from "@onstage/domain";
import { Link, useParams } from "wouter";
import { isApiError } from "../../api";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { Button, ButtonLink } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { SitePage } from "../account/SitePage";
import { ClipVideo } from "./ClipVideo";
import { useClipPage } from "./useClipPage";
import "./clips.css";

/** /clips/{slug} (spec 3 §2): the public clip page, the share link, which brings registrations to its event. */
export function ClipPage() {
  const slug = useParams().slug ?? "";
  const query = useClipPage(slug);
  const isMissing = isApiError(query.error, 404);
  useDocumentTitle(query.data?.clip.title ?? (isMissing ? "Clip not found" : null));
  if (query.isPending) {
    return (
      <SitePage>
        <Spinner label="Loading clip…" />
      </SitePage>
    );
  }
  if (!query.data) {
    return (
      <SitePage>
        {isMissing ? (
          <EmptyState
            title="Clip not found"
            headingLevel={1}
            actions={<ButtonLink to="/">Explore</ButtonLink>}
          >
            <p>{errorMessage("clip_not_found")}</p>
          </EmptyState>
        ) : (
          <EmptyState
            title="An error occurred"
            headingLevel={1}
            actions={<Button onClick={() => void query.refetch()}>Retry</Button>}
          >
            <p>The clip could not be loaded.</p>
          </EmptyState>
        )}
      </SitePage>
    );
  }
  return (
    <SitePage>
      <ClipArticle page={query.data} />
    </SitePage>
  );
}

function ClipArticle({ page: { clip, event } }: { page: ClipPageData }) {
  const channel = event.organization;
  return (
    <article className="clip-page">
      <h1 className="clip-page__title">{clip.title}</h1>
      <ClipVideo clip={clip} className="clip-page__video" />
      <div className="clip-page__event">
        <p>
          From <Link to={`/c/${event.eventCode}`}>{event.title}</Link> by{" "}
          <Link to={`/@${channel.channelName}`}>{channel.name}</Link>
        </p>
        <ButtonLink to={clipRegisterPath(event.eventCode, clip.id)} size="lg">
          Register
        </ButtonLink>
      </div>
    </article>
  );
}
