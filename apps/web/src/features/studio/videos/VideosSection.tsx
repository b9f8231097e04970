import { VIDEO_FILE_EXTENSIONS, videoFileType } from "@onstage/domain";
import { StudioUpload } from "../StudioUpload";
import { useStudioList } from "../useStudioList";
import { VideoItem } from "./VideoItem";
import { fetchVideos, uploadVideo, videoKeys } from "./videosApi";

/** The session's shared videos (the Videos list, and what a template would keep). */
export const useSessionVideos = (sessionId: number) =>
  useStudioList(
    sessionId,
    videoKeys.list(sessionId),
    () => fetchVideos(sessionId),
    (v) => v.preparation.state === "pending" || v.preparation.state === "preparing",
  );

/**
 * Issue 25 §2 the Videos section: upload (its progress, then the server's preparation), the list with
 * Show/Hide, and play, pause and seek for the video on air, which everyone's picture follows.
 */
export function VideosSection({ sessionId }: { sessionId: number }) {
  const videos = useSessionVideos(sessionId);
  return (
    <>
      <StudioUpload
        label="Upload a video (mp4, mov, webm)"
        extensions={VIDEO_FILE_EXTENSIONS}
        isAllowed={(name) => videoFileType(name) !== null}
        typeRefusal="video_share_type"
        listKey={videoKeys.list(sessionId)}
        send={(file, onProgress) => uploadVideo(sessionId, file, onProgress)}
      />
      {videos === null ? (
        <p className="studio-hint">Loading the videos…</p>
      ) : videos.length === 0 ? (
        <p className="studio-hint">No videos yet: upload one to play it on stage for everyone.</p>
      ) : (
        <ul className="studio-list" aria-label="Videos">
          {videos.map((video) => (
            <VideoItem key={video.id} sessionId={sessionId} video={video} />
          ))}
        </ul>
      )}
    </>
  );
}
