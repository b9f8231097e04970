import {
  canSaveTemplate,
  errorMessage,
  type StudioResponse,
  TEMPLATE_TOAST_MS,
  type Theme,
  templateName,
} from "@onstage/domain";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { TextField } from "../../ui/TextField";
import { toast } from "../../ui/toast";
import { useSessionSlides } from "./slides/SlidesSection";
import { applyTheme, deleteTheme, fetchThemes, saveTheme, studioKeys } from "./studioApi";
import { useStudioChange } from "./useStudioChange";
import { useSessionVideos } from "./videos/VideosSection";

type View = "list" | "save" | "new-name" | "delete";

/** Spec 3 §2 templates menu: list (load), save/update, new name, delete. */
export function TemplatesMenu({ studio }: { studio: StudioResponse }) {
  const { sessionId } = studio;
  const [view, setView] = useState<View | null>(null);
  const themes = useThemes(sessionId);
  const list = themes.data?.themes ?? [];
  const loaded = list.find((t) => t.id === studio.themeId) ?? null;
  const done = () => {
    void themes.refetch();
    setView(null);
  };
  const apply = useStudioChange(sessionId, (theme: Theme) => applyTheme(theme.id, sessionId));
  const remove = useStudioChange(sessionId, (theme: Theme) => deleteTheme(theme.id, sessionId));
  const save = useStudioChange(sessionId, (input: { description: string; themeId: number | null }) =>
    saveTheme({ sessionId, ...input }).then((answer) => {
      if (answer.titleExists) toast.error(errorMessage("titleExists"), { durationMs: TEMPLATE_TOAST_MS });
      return answer;
    }),
  );
  const canSave = canSaveTemplate({
    elements: studio.elements.length,
    videos: useSessionVideos(sessionId)?.length ?? 0,
    files: useSessionSlides(sessionId)?.length ?? 0,
  });
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setView("list")}>
        Templates
      </Button>
      <Dialog
        open={view !== null}
        onOpenChange={(open) => !open && setView(null)}
        title="Templates"
        description="Your channel's saved brands and overlays: load one into this session, or save this session's."
        hideDescription
      >
        {view === "list" && (
          <div className="studio-templates">
            {list.length === 0 ? (
              <p className="studio-hint">No templates yet.</p>
            ) : (
              <ul className="studio-list" aria-label="Templates">
                {list.map((theme) => (
                  <li key={theme.id} className="studio-item">
                    <span className="studio-item__text">{theme.description}</span>
                    <Button
                      size="sm"
                      aria-label={`Load ${theme.description}`}
                      disabled={apply.isPending}
                      onClick={() =>
                        apply.mutate(theme, {
                          onSuccess: () => {
                            toast.success(`Template "${theme.description}" loaded`, {
                              durationMs: TEMPLATE_TOAST_MS,
                            });
                            done();
                          },
                        })
                      }
                    >
                      Load
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <div className="studio-row">
              <Button size="sm" disabled={!canSave} onClick={() => setView(loaded ? "save" : "new-name")}>
                Save
              </Button>
              <Button
                size="sm"
                variant="ghost"
                disabled={list.length === 0}
                onClick={() => setView("delete")}
              >
                Delete
              </Button>
            </div>
          </div>
        )}
        {view === "save" && loaded && (
          <div className="studio-row">
            <Button
              size="sm"
              disabled={save.isPending}
              onClick={() =>
                save.mutate({ description: loaded.description, themeId: loaded.id }, { onSuccess: done })
              }
            >
              Update "{loaded.description}"
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setView("new-name")}>
              Save as new
            </Button>
          </div>
        )}
        {view === "new-name" && (
          <NewName
            isPending={save.isPending}
            onSave={(description) => save.mutate({ description, themeId: null }, { onSuccess: done })}
            onBack={() => setView("list")}
          />
        )}
        {view === "delete" && (
          <ul className="studio-list" aria-label="Delete a template">
            {list.map((theme) => (
              <li key={theme.id} className="studio-item">
                <span className="studio-item__text">{theme.description}</span>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Delete ${theme.description}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(theme, { onSuccess: () => void themes.refetch() })}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Dialog>
    </>
  );
}

function NewName(props: { isPending: boolean; onSave: (name: string) => void; onBack: () => void }) {
  const [name, setName] = useState("");
  const trimmed = templateName(name);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (trimmed) props.onSave(trimmed);
      }}
    >
      <TextField
        label="Template name"
        value={name}
        maxLength={120}
        onChange={(e) => setName(e.target.value)}
        data-autofocus
      />
      <div className="studio-row">
        <Button type="submit" size="sm" disabled={!trimmed || props.isPending}>
          Save template
        </Button>
        <Button size="sm" variant="ghost" onClick={props.onBack}>
          Back
        </Button>
      </div>
    </form>
  );
}

/** The organization's templates, read by the menu and the saved-changes indicator alike. */
export function useThemes(sessionId: number) {
  return useQuery({ queryKey: studioKeys.themes(sessionId), queryFn: () => fetchThemes(sessionId) });
}
