import { type FilePresentation, itemNameRefusal } from "@onstage/domain";
import { type KeyboardEvent, useId, useState } from "react";
import { Button } from "../../../ui/Button";
import { ProgressBar } from "../../../ui/ProgressBar";
import { StudioForm } from "../StudioForm";
import { MoveButtons, StudioItem } from "../StudioItem";
import { useActionCooldown, useStudioListChange } from "../useStudioList";
import { deleteSlides, slideKeys, updateSlides } from "./slidesApi";

/** What the list says of a deck's conversion (spec 3 §2; issue 25 §1: page n of N while it converts). */
function Conversion({ presentation }: { presentation: FilePresentation }) {
  const { state, pagesDone, pageCount, error } = presentation.conversion;
  if (state === "pending") return <span>Waiting to convert…</span>;
  if (state === "converting")
    return (
      <ProgressBar
        label={pageCount > 0 ? `Converting: page ${pagesDone} of ${pageCount}` : "Converting…"}
        fraction={pageCount > 0 ? pagesDone / pageCount : 0}
      />
    );
  if (state === "failed")
    return <span className="studio-error">{error ?? "The file could not be converted."}</span>;
  return <span>{pageCount === 1 ? "1 page" : `${pageCount} pages`}</span>;
}

/** The presenter's page controls: buttons, and the arrow keys while they have the focus. */
function PageControls(props: { presentation: FilePresentation; onMove: (position: number) => void }) {
  const { position } = props.presentation.state;
  const count = props.presentation.conversion.pageCount;
  const go = (to: number) => {
    if (to >= 1 && to <= count && to !== position) props.onMove(to);
  };
  const keys = (event: KeyboardEvent) => {
    const by = { ArrowLeft: -1, ArrowUp: -1, PageUp: -1, ArrowRight: 1, ArrowDown: 1, PageDown: 1 }[
      event.key
    ];
    if (by === undefined) return;
    event.preventDefault();
    go(position + by);
  };
  return (
    <fieldset
      className="studio-row studio-pages"
      aria-label={`Pages of ${props.presentation.displayname} (arrow keys move)`}
      onKeyDown={keys}
    >
      <Button size="sm" variant="secondary" disabled={position <= 1} onClick={() => go(position - 1)}>
        Previous page
      </Button>
      <span aria-live="polite">
        Page {position} of {count}
      </span>
      <Button size="sm" variant="secondary" disabled={position >= count} onClick={() => go(position + 1)}>
        Next page
      </Button>
    </fieldset>
  );
}

function RenameForm(props: {
  name: string;
  isPending: boolean;
  onSave: (name: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(props.name);
  return (
    <StudioForm
      submitLabel="Save"
      canSubmit={itemNameRefusal(name) === null && !props.isPending}
      onSubmit={() => void props.onSave(name).then(props.onDone)}
      onCancel={props.onDone}
    >
      <div className="studio-field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} data-autofocus />
      </div>
    </StudioForm>
  );
}

/** One deck of the Slides list (spec 3 §2, §4): its conversion, Show/Hide, its pages when presenting, rename, move, delete. */
export function SlideItem(props: {
  sessionId: number;
  presentation: FilePresentation;
  viewerId: number;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMove: (by: -1 | 1) => void;
}) {
  const { presentation, sessionId } = props;
  const name = presentation.displayname;
  const change = useStudioListChange(slideKeys.list(sessionId), (data: Parameters<typeof updateSlides>[1]) =>
    updateSlides(presentation.id, data),
  );
  const remove = useStudioListChange(slideKeys.list(sessionId), () => deleteSlides(presentation.id));
  const [cooling, cool] = useActionCooldown();
  const isReady = presentation.conversion.state === "ready";
  const toggle = () => {
    cool();
    change.mutate({ is_active: !presentation.isActive });
  };
  const presenter = presentation.state.presenterId;
  return (
    <StudioItem
      sessionId={sessionId}
      onDelete={() => remove.mutate(undefined)}
      name={name}
      isShown={presentation.isActive}
      details={
        <>
          <Conversion presentation={presentation} />
          {presentation.isActive && presenter === props.viewerId && (
            <PageControls
              presentation={presentation}
              onMove={(position) => change.mutate({ state: { position } })}
            />
          )}
          {presentation.isActive && presenter !== props.viewerId && <span>Presented by another host</span>}
        </>
      }
      actions={
        <Button
          size="sm"
          disabled={!isReady || cooling || change.isPending}
          onClick={toggle}
          aria-label={`${presentation.isActive ? "Hide" : "Show"} ${name}`}
        >
          {presentation.isActive ? "Hide" : "Show"}
        </Button>
      }
      moreActions={
        <MoveButtons
          name={name}
          canMoveUp={props.canMoveUp}
          canMoveDown={props.canMoveDown}
          onMove={props.onMove}
        />
      }
      editForm={(done) => (
        <RenameForm
          name={name}
          isPending={change.isPending}
          onSave={(displayname) => change.mutateAsync({ displayname })}
          onDone={done}
        />
      )}
    />
  );
}
