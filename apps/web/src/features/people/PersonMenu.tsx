import {
  type BroadcastType,
  canBan,
  canUnban,
  type EventAccess,
  type EventRole,
  removeAttendeeRefusal,
  roleMenuVisibility,
  type ViewerFlags,
} from "@onstage/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { ApiError } from "../../api";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { FormError } from "../../ui/FormError";
import { unregisterUser } from "../registration/registrationApi";
import { BanDialog } from "./BanDialog";
import { changeRole, unbanUser } from "./moderationApi";
import { peopleKeys } from "./peopleApi";
import { showRegisteredChange } from "./useRegisteredUsers";

export interface PersonMenuPerson {
  userId: number;
  firstName: string;
  lastName: string;
  eventRole: EventRole;
  isBanned: boolean;
  banId: number | null;
  /** A channel member is never removed from an event (spec 1 §5); unknown counts as not. */
  isOrgMember?: boolean;
  /** Spec 1 §4: no role change while their hand is raised. */
  hasPendingHandRaise?: boolean;
}

export interface PersonMenuEvent {
  id: number;
  organizationId: number;
  access: EventAccess;
  hideUnregister: boolean;
  /** The session the menu is opened in: a new speaker speaks here. */
  sessionId: number;
  /** Its broadcast type: spec 1 §5, an RTMP broadcast has no stage to invite anyone to. */
  broadcastType: BroadcastType;
}

export interface PersonMenuProps {
  person: PersonMenuPerson;
  viewer: { userId: number | null; flags: ViewerFlags };
  event: PersonMenuEvent;
  /**
   * The stage's invite actions for this person (To Main Stage, To Gallery, To Stage Left, Accept,
   * Ignore, Uninvite), rendered first; the stage intents feature provides them (StageInviteMenu).
   */
  stageActions?: ReactNode;
  /** Opened at once (the row's menu was asked for before the person was known: RowPersonMenu). */
  defaultOpen?: boolean;
}

type View = "closed" | "menu" | "remove" | "ban";

const ROLE_LABELS: Record<EventRole, string> = {
  host: "Host",
  owner: "Owner",
  admin: "Admin",
  moderator: "Moderator",
  speaker: "Speaker",
  guest: "Guest",
};

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : "Something went wrong. Please try again.";

/** Spec 2 §6: whether the viewer gets the per-person action menu at all. */
export function mayOpenPersonMenu(flags: ViewerFlags): boolean {
  return flags.canManagePeople;
}

/**
 * Spec 1 §2 studio people row, for the room's people panel: the Role menu with Save, and the
 * user-management menu (Remove Attendee, Unban User, Ban Attendee), each as the domain rules allow.
 */
export function PersonMenu({ person, viewer, event, stageActions, defaultOpen = false }: PersonMenuProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>(defaultOpen ? "menu" : "closed");
  const [role, setRole] = useState<EventRole>(person.eventRole);
  const name = `${person.firstName} ${person.lastName}`.trim();
  const refresh = () => queryClient.invalidateQueries({ queryKey: peopleKeys.registeredAll });
  const { flags } = viewer;

  const roleMenu = roleMenuVisibility({
    actor: flags,
    target: { hasPendingHandRaise: person.hasPendingHandRaise ?? false, isBanned: person.isBanned },
  });
  const removeRefusal = removeAttendeeRefusal({
    actor: flags,
    actorUserId: viewer.userId,
    target: { userId: person.userId, eventRole: person.eventRole, isOrgMember: person.isOrgMember ?? false },
    hideUnregister: event.hideUnregister,
  });
  const isSelf = viewer.userId === person.userId;

  // Spec 1 §4: Save only when the pick differs from the current role; an optimistic update, then the
  // mutation (a refusal puts the server's rows back).
  const saveRole = useMutation({
    onMutate: () => showRegisteredChange(queryClient, person.userId, { eventRole: role }),
    mutationFn: () =>
      changeRole({
        user_id: person.userId,
        event_id: event.id,
        event_role_fkey: role,
        video_session_id: event.sessionId,
      }),
    onSettled: () => refresh(),
  });
  const remove = useMutation({
    mutationFn: () =>
      unregisterUser({
        user_to_unregister_id: person.userId,
        event_id: event.id,
        organization_id: event.organizationId,
        type: "event",
      }),
    onSuccess: () => {
      setView("closed");
      return refresh();
    },
  });
  const unban = useMutation({
    mutationFn: (banId: number) =>
      unbanUser({ ban_id: banId, event_id: event.id, organization_id: event.organizationId }),
    onSuccess: () => refresh(),
  });

  if (!mayOpenPersonMenu(flags) || isSelf) return stageActions ?? null;
  const removeWarning =
    event.access === "ticketed"
      ? `${name} will lose their ticket and their place in this event. Any refund is up to you.`
      : `${name} will lose their place in this event.`;

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-haspopup="dialog"
        onClick={() => {
          setRole(person.eventRole);
          setView("menu");
        }}
      >
        Manage<span className="visually-hidden"> {name}</span>
      </Button>
      <Dialog
        open={view === "menu"}
        onOpenChange={(open) => setView(open ? "menu" : "closed")}
        title={name}
        description={`Actions for ${name}`}
        hideDescription
      >
        <div className="person-menu">
          {stageActions}
          {roleMenu.visible && (
            <form
              className="person-menu__role"
              onSubmit={(e) => {
                e.preventDefault();
                saveRole.mutate();
              }}
            >
              <label className="field__label" htmlFor={`${id}-role`}>
                Role
              </label>
              <select
                id={`${id}-role`}
                className="field__input"
                value={role}
                onChange={(e) => setRole(e.target.value as EventRole)}
              >
                {[...new Set([person.eventRole, ...roleMenu.options])].map((option) => (
                  <option key={option} value={option} disabled={!roleMenu.options.includes(option)}>
                    {ROLE_LABELS[option]}
                  </option>
                ))}
              </select>
              <Button type="submit" size="sm" disabled={role === person.eventRole || saveRole.isPending}>
                Save
              </Button>
            </form>
          )}
          <FormError message={saveRole.isError ? messageOf(saveRole.error) : null} />
          {removeRefusal === null && (
            <Button variant="secondary" onClick={() => setView("remove")}>
              Remove Attendee
            </Button>
          )}
          {person.isBanned && person.banId !== null && canUnban(flags) ? (
            <Button
              variant="secondary"
              disabled={unban.isPending}
              onClick={() => person.banId !== null && unban.mutate(person.banId)}
            >
              Unban User
            </Button>
          ) : (
            !person.isBanned &&
            canBan(flags) && (
              <Button variant="secondary" onClick={() => setView("ban")}>
                Ban Attendee
              </Button>
            )
          )}
          <FormError message={unban.isError ? messageOf(unban.error) : null} />
        </div>
      </Dialog>
      <Dialog
        open={view === "remove"}
        onOpenChange={(open) => setView(open ? "remove" : "closed")}
        title="Remove Attendee"
        description={removeWarning}
      >
        <FormError message={remove.isError ? messageOf(remove.error) : null} />
        <div className="ban-dialog__actions">
          <Button variant="secondary" onClick={() => setView("menu")}>
            Cancel
          </Button>
          <Button disabled={remove.isPending} onClick={() => remove.mutate()}>
            Remove Attendee
          </Button>
        </div>
      </Dialog>
      <BanDialog
        open={view === "ban"}
        onOpenChange={(open) => setView(open ? "ban" : "closed")}
        target={{ userId: person.userId, name }}
        event={event}
        mayBanFromChannel={flags.isOrgMember}
        onBanned={() => void refresh()}
      />
    </>
  );
}
