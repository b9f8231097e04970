import { type EventPageData, errorMessage, type RoomResponse, studioFeatureRefusal } from "@onstage/domain";
import { useMe } from "../account/useMe";
import { EnterGreenroomButton } from "../host-controls/EnterGreenroomButton";
import { BrandSection } from "./BrandSection";
import { OffersSection } from "./OffersSection";
import { OverlaysSection } from "./OverlaysSection";
import { SavedChangesIndicator } from "./SavedChangesIndicator";
import { StudioSection } from "./StudioSection";
import { SlidesSection } from "./slides/SlidesSection";
import { TemplatesMenu, useThemes } from "./TemplatesMenu";
import { useTeamStudio } from "./useStudio";
import { VideosSection } from "./videos/VideosSection";
import "./studio.css";

/**
 * Spec 3 §2: the studio sidebar for studio admins: its header (the session's title, the templates
 * menu), then the accordion's sections. Brand and Overlays follow spec 3 §1's RTMP rule; the CTAs stay.
 */
export function StudioPanel({ data, room }: { data: EventPageData; room: RoomResponse }) {
  const { session } = room;
  const studio = useTeamStudio(session.id);
  const { user } = useMe();
  const themes = useThemes(session.id);
  if (!studio) return <p className="studio-hint">Loading the studio…</p>;
  const loaded = themes.data?.themes.find((t) => t.id === studio.themeId) ?? null;
  // Spec 3 §4: the Brand section's button takes a Scheduled session to the greenroom.
  const summary = data.sessions.find((s) => s.id === session.id);
  const refusal = (feature: "brand" | "overlays" | "videos" | "slides" | "ctas") => {
    const code = studioFeatureRefusal(session.broadcastType, feature);
    return code && errorMessage(code);
  };
  return (
    <section className="studio" aria-label="Studio">
      <header className="studio__header">
        <h2 className="studio__title">{session.title || data.event.title}</h2>
        <TemplatesMenu studio={studio} />
      </header>
      <SavedChangesIndicator studio={studio} loaded={loaded} />
      <StudioSection title="Brand" disabledBecause={refusal("brand")}>
        <BrandSection
          studio={studio}
          greenroom={summary && <EnterGreenroomButton data={data} session={summary} />}
        />
      </StudioSection>
      <StudioSection title="Overlays" disabledBecause={refusal("overlays")}>
        <OverlaysSection studio={studio} />
      </StudioSection>
      <StudioSection title="Videos" disabledBecause={refusal("videos")}>
        <VideosSection sessionId={session.id} />
      </StudioSection>
      <StudioSection title="Slides" disabledBecause={refusal("slides")}>
        {user && (
          <SlidesSection
            sessionId={session.id}
            eventId={session.eventId}
            organizationId={data.event.organization.id}
            viewerId={user.id}
          />
        )}
      </StudioSection>
      <StudioSection title="Calls to action" disabledBecause={refusal("ctas")}>
        <OffersSection studio={studio} eventId={session.eventId} />
      </StudioSection>
    </section>
  );
}
