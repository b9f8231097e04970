import { type Clip, clipEmbedCode, clipPagePath, clipShareTargets } from "@onstage/domain";
import { usePageOrigin } from "../../lib/firstRender";
import { buttonClassName } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { TextField } from "../../ui/TextField";
import { CopyButton } from "../rtmp/CopyButton";

/** Spec 3 §2: share a clip to Twitter, Facebook or LinkedIn, or copy its link or embed code. */
export function ShareClipDialog({ clip, onClose }: { clip: Clip | null; onClose: () => void }) {
  return (
    <Dialog
      open={clip !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Share clip"
      description={clip?.title ?? ""}
    >
      {clip && <ShareTargets clip={clip} />}
    </Dialog>
  );
}

function ShareTargets({ clip }: { clip: Clip }) {
  const origin = usePageOrigin();
  const pageUrl = `${origin}${clipPagePath(clip.slug)}`;
  const embedCode = clipEmbedCode(origin, clip);
  const targets = clipShareTargets(pageUrl, clip.title);
  return (
    <div className="clip-share">
      <ul className="clip-share__targets">
        <ShareLink href={targets.twitter} name="Twitter" />
        <ShareLink href={targets.facebook} name="Facebook" />
        <ShareLink href={targets.linkedin} name="LinkedIn" />
      </ul>
      <div className="clip-share__copy">
        <TextField label="Link" value={pageUrl} readOnly />
        <CopyButton text={pageUrl} what="link" />
      </div>
      <div className="clip-share__copy">
        <TextField label="Embed code" value={embedCode} readOnly />
        <CopyButton text={embedCode} what="embed code" />
      </div>
    </div>
  );
}

function ShareLink({ href, name }: { href: string; name: string }) {
  return (
    <li>
      <a
        className={buttonClassName({ variant: "secondary", size: "sm" })}
        href={href}
        target="_blank"
        rel="noopener noreferrer"
      >
        Share on {name}
      </a>
    </li>
  );
}
