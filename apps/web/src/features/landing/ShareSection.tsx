import { ShareIcon } from "./ShareIcon";
import { shareTargets } from "./shareLinks";
import "./SidebarSections.css";

export function ShareSection({ pageUrl, title }: { pageUrl: string; title: string }) {
  return (
    <section className="landing-section" aria-labelledby="landing-share">
      <h2 id="landing-share" className="landing-section__title">
        Share
      </h2>
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
    </section>
  );
}
