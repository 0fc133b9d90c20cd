import { useRemoteView } from "../site/remote-config.js";

/**
 * The operator's announcements (remote config), in the page's locale, above every
 * page; a warning (e.g. maintenance) in the danger colours. An entry may link on.
 */
export function AnnouncementBar() {
  const { announcements } = useRemoteView();
  if (announcements.length === 0) return null;
  return (
    <div className="announcements">
      {announcements.map((entry) => (
        <p key={entry.id} className={`announcement ${entry.level}`} role="status">
          {entry.url ? (
            <a href={entry.url} rel="noopener noreferrer">
              {entry.text}
            </a>
          ) : (
            entry.text
          )}
        </p>
      ))}
    </div>
  );
}

/** The operator's banners for one place (`home`, `drive`), in the page's locale. */
export function RemoteBanners({ placement }: { placement: "home" | "drive" }) {
  const banners = useRemoteView().banners.filter((banner) => banner.placement === placement);
  if (banners.length === 0) return null;
  return (
    <div className="remote-banners">
      {banners.map((banner) => (
        <p key={banner.id} className="remote-banner">
          {banner.url ? (
            <a href={banner.url} rel="noopener noreferrer">
              {banner.text}
            </a>
          ) : (
            banner.text
          )}
        </p>
      ))}
    </div>
  );
}
