import { LandingSection } from "./LandingSection";
import { ShareIcon } from "./ShareIcon";
import { shareTargets } from "./shareLinks";
import "./SidebarSections.css";

export function ShareSection({ pageUrl, title }: { pageUrl: string; title: string }) {
  return (
    <LandingSection title="Share">
      <ul className="share-list">
        {shareTargets(pageUrl, title).map((target) => (
          <li key={target.network}>
            <a
              className="share-list__link"
              href={target.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={target.label}
              title={target.label}
            >
              <ShareIcon network={target.network} />
            </a>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
