import { PROFILE_BIO_MAX_HEIGHT_PX, type UserProfile } from "@onstage/domain";
import { useState } from "react";
import { Avatar } from "../../ui/Avatar";
import { Badge } from "../../ui/Badge";
import { Spinner } from "../../ui/Spinner";
import { ORG_ROLE_LABELS } from "../dashboard/labels";
import { useUserProfile } from "./profileApi";
import "./profile.css";

/** The role badge: the event role, else the channel role ('Owner', 'Admin', 'Member'). */
function roleLabel(profile: UserProfile): string | null {
  if (profile.eventRole) return profile.eventRole.charAt(0).toUpperCase() + profile.eventRole.slice(1);
  return profile.orgRole ? ORG_ROLE_LABELS[profile.orgRole] : null;
}

/**
 * Spec 2 §2: a person's name opens their profile: photo, name, role badge, bio ('Bio empty' without).
 * A disclosure, so the keyboard and screen readers get it for free; fetched on first open.
 */
export function ProfilePopover({ name, userId, eventId }: { name: string; userId: number; eventId: number }) {
  const [isOpen, setOpen] = useState(false);
  const query = useUserProfile(userId, eventId, isOpen);
  const profile = query.data?.profile;
  const role = profile ? roleLabel(profile) : null;
  return (
    <details className="profile-popover" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="profile-popover__name">{name}</summary>
      <div className="profile-popover__card">
        {query.isPending ? (
          <Spinner label="Loading the profile…" />
        ) : query.isError || !profile ? (
          <p>The profile could not be loaded.</p>
        ) : (
          <>
            <div className="profile-popover__head">
              <Avatar name={name} src={profile.profilePhoto} size="md" />
              <p className="profile-popover__full-name">
                {`${profile.firstName} ${profile.lastName}`.trim()}
              </p>
              {role && <Badge tone="primary">{role}</Badge>}
            </div>
            <p className="profile-popover__bio" style={{ maxHeight: PROFILE_BIO_MAX_HEIGHT_PX }}>
              {profile.bio ?? "Bio empty"}
            </p>
          </>
        )}
      </div>
    </details>
  );
}
