import { type CustomElement, overlayPreview, type StudioResponse } from "@onstage/domain";
import { Button } from "../../ui/Button";
import { OverlayForm } from "./OverlayForm";
import { MoveButtons, movedOrder, StudioItem } from "./StudioItem";
import { createElement, reorderElements, setOverlay, updateElement } from "./studioApi";
import { useStudioChange } from "./useStudioChange";

/** Spec 3 §2, §4: title overlays: create, edit, delete, reorder; Show/Hide and the 5 s quick-show. */
export function OverlaysSection({ studio }: { studio: StudioResponse }) {
  const { sessionId } = studio;
  const titles = studio.elements.filter((e) => e.type === "title").sort((a, b) => a.order - b.order);
  const create = useStudioChange(sessionId, (overlay: { title: string; subtitle: string }) =>
    createElement({ sessionId, type: "title", title: overlay.title, value: overlay.subtitle }),
  );
  const show = useStudioChange(sessionId, (input: { overlay: number | null; quick?: boolean }) =>
    setOverlay({ sessionId, lastUpdated: studio.overlay.lastUpdated, ...input }),
  );
  const reorder = useStudioChange(sessionId, (order: number[]) => reorderElements(sessionId, order));
  const move = (index: number, by: -1 | 1) =>
    reorder.mutate(
      movedOrder(
        titles.map((t) => t.id),
        index,
        by,
      ),
    );
  return (
    <>
      <OverlayForm
        submitLabel="Create"
        isPending={create.isPending}
        onSubmit={(o) => create.mutateAsync(o)}
      />
      {titles.length === 0 ? (
        <p className="studio-hint">No titles yet: a name and a role make a lower third.</p>
      ) : (
        <ul className="studio-list" aria-label="Titles">
          {titles.map((title, index) => (
            <TitleItem
              key={title.id}
              sessionId={sessionId}
              title={title}
              isShown={studio.overlay.shown === title.id}
              isBusy={show.isPending}
              onShow={(quick) => show.mutate({ overlay: title.id, quick })}
              onHide={() => show.mutate({ overlay: null })}
              onMove={(by) => move(index, by)}
              canMoveUp={index > 0}
              canMoveDown={index < titles.length - 1}
            />
          ))}
        </ul>
      )}
    </>
  );
}

function TitleItem(props: {
  sessionId: number;
  title: CustomElement;
  isShown: boolean;
  isBusy: boolean;
  onShow: (quick: boolean) => void;
  onHide: () => void;
  onMove: (by: -1 | 1) => void;
  canMoveUp: boolean;
  canMoveDown: boolean;
}) {
  const { title } = props;
  const update = useStudioChange(props.sessionId, (o: { title: string; subtitle: string }) =>
    updateElement(title.id, { title: o.title, value: o.subtitle }),
  );
  const name = title.title;
  return (
    <StudioItem
      sessionId={props.sessionId}
      elementId={title.id}
      name={name}
      isShown={props.isShown}
      details={title.value && <span>{overlayPreview(title.value)}</span>}
      actions={
        props.isShown ? (
          <Button size="sm" disabled={props.isBusy} onClick={props.onHide} aria-label={`Hide ${name}`}>
            Hide
          </Button>
        ) : (
          <>
            <Button
              size="sm"
              disabled={props.isBusy}
              onClick={() => props.onShow(false)}
              aria-label={`Show ${name}`}
            >
              Show
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={props.isBusy}
              onClick={() => props.onShow(true)}
              aria-label={`5 s: show ${name} for 5 seconds`}
            >
              5 s
            </Button>
          </>
        )
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
        <OverlayForm
          initial={{ title: title.title, subtitle: title.value }}
          submitLabel="Save"
          isPending={update.isPending}
          onSubmit={(o) => update.mutateAsync(o).then(done)}
          onCancel={done}
        />
      )}
    />
  );
}
