import { useInfiniteQuery } from "@tanstack/react-query";
import { failureText } from "../../api";
import { Avatar } from "../../ui/Avatar";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { SettingsSection } from "../account-settings/SettingsSection";
import { followerKeys } from "./followersApi";
import { fetchFollowers } from "./followersTeamApi";
import "./followers.css";

const followedDate = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** Issue 28 §3: who follows the channel (its go-live mails reach them), newest first, a page at a time. */
export function FollowersSection({ channelId }: { channelId: number }) {
  const query = useInfiniteQuery({
    queryKey: followerKeys.list(channelId),
    queryFn: ({ pageParam }) => fetchFollowers(channelId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
  const pages = query.data?.pages ?? [];
  const total = pages[0]?.total ?? 0;
  const followers = pages.flatMap((page) => page.followers);
  return (
    <SettingsSection title="Followers">
      {query.isPending && <Spinner label="Loading the followers…" />}
      {query.isError && <p role="alert">{failureText(query.error)}</p>}
      {query.data && (
        <>
          <p className="followers__total">
            {total === 1 ? "1 person follows" : `${total.toLocaleString()} people follow`} this channel; they
            can be told when a session goes live.
          </p>
          {followers.length > 0 && (
            <ul className="followers" aria-label="Followers">
              {followers.map((follower) => {
                const name = `${follower.firstName} ${follower.lastName}`.trim();
                return (
                  <li key={follower.userId} className="followers__row">
                    <Avatar name={name} src={follower.profilePhoto} size="sm" />
                    <span className="followers__name">{name}</span>
                    <span className="followers__since">
                      since {followedDate.format(new Date(follower.followedAt))}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
          {query.hasNextPage && (
            <Button variant="secondary" onClick={() => !query.isFetchingNextPage && query.fetchNextPage()}>
              Load more
            </Button>
          )}
        </>
      )}
    </SettingsSection>
  );
}
