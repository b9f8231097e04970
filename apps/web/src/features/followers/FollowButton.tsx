import type { FollowStatus } from "@onstage/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { failureText } from "../../api";
import { Button } from "../../ui/Button";
import { DEFAULT_TOAST_MS, toast } from "../../ui/toast";
import { useMe } from "../account/useMe";
import { useSignInParams } from "../auth/useSignInParams";
import { fetchFollowStatus, followerKeys, setFollowing } from "./followersApi";
import "./followers.css";

/**
 * Issue 28 §3: Follow on a channel's page and its events' pages. A visitor is asked to sign in first;
 * the channel's team also sees how many follow it.
 */
export function FollowButton({ channelId, channelName }: { channelId: number; channelName: string }) {
  const { user } = useMe();
  const signIn = useSignInParams();
  const queryClient = useQueryClient();
  const key = followerKeys.status(channelId);
  const status = useQuery({ queryKey: key, queryFn: () => fetchFollowStatus(channelId), enabled: !!user });
  const change = useMutation({
    mutationFn: (following: boolean) => setFollowing(channelId, following),
    onSuccess: (next: FollowStatus) => {
      queryClient.setQueryData(key, next);
      const title = next.following ? `You follow ${channelName}` : `You no longer follow ${channelName}`;
      toast.success(title, { durationMs: DEFAULT_TOAST_MS });
    },
    onError: (error) => toast.error(failureText(error), { durationMs: DEFAULT_TOAST_MS }),
  });
  if (!user) {
    return (
      <Button size="sm" variant="secondary" onClick={signIn.open}>
        Follow
      </Button>
    );
  }
  const following = status.data?.following ?? false;
  const count = status.data?.followerCount ?? null;
  return (
    <span className="follow">
      <Button
        size="sm"
        variant={following ? "secondary" : "primary"}
        aria-pressed={following}
        aria-label={following ? `Following ${channelName}` : `Follow ${channelName}`}
        disabled={status.isPending || change.isPending}
        onClick={() => change.mutate(!following)}
      >
        {following ? "Following" : "Follow"}
      </Button>
      {count !== null && (
        <span className="follow__count">
          {count === 1 ? "1 follower" : `${count.toLocaleString()} followers`}
        </span>
      )}
    </span>
  );
}
