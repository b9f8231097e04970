import { failureText } from "../../../api";
import { Spinner } from "../../../ui/Spinner";
import { AttendanceSection } from "./AttendanceSection";
import { EngagementSection } from "./EngagementSection";
import { QualitySection } from "./QualitySection";
import { useSessionAnalytics } from "./useAnalytics";

/** One session's attendance, engagement and playback quality. */
export function SessionAnalyticsView({ sessionId, timeZone }: { sessionId: number; timeZone: string }) {
  const query = useSessionAnalytics(sessionId);
  if (query.isPending) return <Spinner label="Loading the session's analytics…" />;
  if (query.isError) return <p role="alert">{failureText(query.error)}</p>;
  const { attendance, engagement, quality } = query.data;
  return (
    <>
      <AttendanceSection sessionId={sessionId} attendance={attendance} timeZone={timeZone} />
      <EngagementSection sessionId={sessionId} engagement={engagement} timeZone={timeZone} />
      <QualitySection sessionId={sessionId} quality={quality} timeZone={timeZone} />
    </>
  );
}
