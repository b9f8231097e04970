import { LinkPreview } from "@onstage/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api";
import "./link-preview.css";

/** A preview is the same for an hour (the server's cache keeps it as long). */
const PREVIEW_STALE_MS = 60 * 60_000;

export const fetchLinkPreview = (url: string) =>
  api(`/api/link-preview?url=${encodeURIComponent(url)}`, LinkPreview);

/**
 * Issue 26 §4: a link's preview card (under a chat message): the provider's title, thumbnail and name,
 * opening the link in a new tab. Nothing of the provider's markup is rendered; an address without a
 * preview shows no card.
 */
export function LinkPreviewCard({ url }: { url: string }) {
  const preview = useQuery({
    queryKey: ["link-preview", url],
    queryFn: () => fetchLinkPreview(url),
    staleTime: PREVIEW_STALE_MS,
    retry: false,
  });
  const data = preview.data;
  if (!data?.title) return null;
  return (
    <a className="link-card" href={url} target="_blank" rel="noopener noreferrer nofollow ugc">
      {data.thumbnail_url && (
        <img
          className="link-card__thumbnail"
          src={data.thumbnail_url}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
        />
      )}
      <span className="link-card__text">
        <span className="link-card__title">{data.title}</span>
        <span className="link-card__provider">
          {data.provider_name}
          {data.author_name ? ` · ${data.author_name}` : ""}
        </span>
      </span>
    </a>
  );
}
