import { hostControls, type RoomSession, type SessionIntent, type ViewerFlags } from "@onstage/domain";
import { type ReactNode, useId } from "react";
import { Spinner } from "../../ui/Spinner";
import { LoadError } from "../people/LoadError";
import type { PersonMenuEvent } from "../people/PersonMenu";
import { SessionPersonRow } from "../people/SessionPersonRow";
import { useLiveUsers } from "../people/useLiveUsers";
import { useFollowAudienceIntents, useIntents } from "./useIntents";

export interface StageSectionsProps {
  session: RoomSession;
  /** For each row's profile and person menu. */
  event: PersonMenuEvent;
  viewer: { userId: number | null; flags: ViewerFlags };
}

interface Person {
  userId: number;
  firstName: string;
  lastName: string;
  profilePhoto: string | null;
}

/** Spec 2 §2 people tab: the sections On Stage, Invited to the stage and Hands raised. */
export function StageSections({ session, event, viewer }: StageSectionsProps) {
  const { flags } = viewer;
  // The panel shows only while the viewer sees the audience (spec 2 §2): their hands and invites too.
  useFollowAudienceIntents();
  const query = useIntents();
  const live = useLiveUsers(session.id);
  if (query.isPending) return <Spinner label="Loading the stage…" />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  const { intents } = query.data;
  const byType = (type: SessionIntent["intentType"]) => intents.filter((i) => i.intentType === type);
  // On stage: accepted invitees, and whoever the presence list shows on stage (the team).
  const accepted = byType("invite_accepted");
  const onStage: Person[] = [
    ...accepted,
    ...(live.data?.users ?? []).filter(
      (u) => u.state === "on_stage" && !accepted.some((a) => a.userId === u.userId),
    ),
  ];
  const intentOf = (userId: number) => intents.find((i) => i.userId === userId) ?? null;
  const row = (person: Person) => (
    <SessionPersonRow
      key={person.userId}
      person={person}
      event={event}
      viewer={viewer}
      intent={intentOf(person.userId)}
      stageActions="beside"
    />
  );
  // Spec 2 §6: hosts see the counts of invites and raised hands.
  const counts = flags.canManagePeople;
  const handsOff = hostControls(session).handsRaisedListDisabled;
  return (
    <>
      <Section title="On Stage" count={onStage.length} showCount empty="Nobody is on stage.">
        {onStage.map(row)}
      </Section>
      <Section
        title="Invited to the stage"
        count={byType("invite_sent").length}
        showCount={counts}
        empty="No pending invitations."
      >
        {byType("invite_sent").map(row)}
      </Section>
      <Section
        title="Hands raised"
        count={byType("hand_raised").length}
        showCount={counts && !handsOff}
        empty={handsOff ? "The stage is open: hands are not raised." : "No hands raised."}
      >
        {handsOff ? [] : byType("hand_raised").map(row)}
      </Section>
    </>
  );
}

function Section(props: {
  title: string;
  count: number;
  showCount: boolean;
  empty: string;
  children: ReactNode[];
}) {
  const id = useId();
  return (
    <section className="people__section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="people__heading">
        {props.title}
        {props.showCount && <span className="people__count"> ({props.count})</span>}
      </h2>
      {props.children.length === 0 ? (
        <p className="people__empty">{props.empty}</p>
      ) : (
        <ul className="people__list">{props.children}</ul>
      )}
    </section>
  );
}
