import { useEffect, useId, useState } from "react";
import { useT } from "../i18n/i18n.js";
import "./connect-app-guide.css";

/**
 * The apps the guide covers, in the order it shows them: a product name is written as is, else
 * the title is the text `connectApp.<app>.title`; the steps are `connectApp.<app>.body`.
 */
export const CONNECT_APPS: ReadonlyArray<{ app: string; name?: string }> = [
  { app: "finder", name: "Finder (macOS)" },
  { app: "windows" },
  { app: "rclone", name: "rclone" },
  { app: "infuse", name: "Infuse" },
  { app: "vlc", name: "VLC" },
  { app: "kodi", name: "Kodi" },
  { app: "nplayer", name: "nPlayer" },
];

/** The WebDAV address of this site: `<origin>/dav/`, from the browser once it runs (SSR: `fallback`). */
export function useDavAddress(fallback = "/dav/"): string {
  const [address, setAddress] = useState(fallback);
  useEffect(() => setAddress(`${window.location.origin}/dav/`), []);
  return address;
}

/** An rclone.conf remote for this server (vendor `other`: what CI checks with rclone). */
export function rcloneConfig(address: string): string {
  return [
    "[nimbus]",
    "type = webdav",
    `url = ${address}`,
    "vendor = other",
    "user = you@example.com",
    "pass = <rclone obscure YOUR-APP-PASSWORD>",
  ].join("\n");
}

/**
 * "Connect an app": the WebDAV address and, app by app, where to enter it (Finder, Windows
 * Explorer, rclone with a config snippet, Infuse, VLC, Kodi, nPlayer), signed in with the
 * email or username and an app password. On the account page beside the app passwords and
 * in the help center.
 */
export function ConnectAppGuide({
  address,
  headingLevel = 3,
  titled = true,
}: {
  address: string;
  headingLevel?: 2 | 3;
  /** false where a `<summary>` of the same words already names it (the account page). */
  titled?: boolean;
}) {
  const t = useT();
  const id = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const Sub = headingLevel === 2 ? "h3" : "h4";
  return (
    <section
      className="connect-app"
      {...(titled ? { "aria-labelledby": `${id}-title` } : { "aria-label": t("connectApp.title") })}
      data-testid="connect-app"
    >
      {titled && <Heading id={`${id}-title`}>{t("connectApp.title")}</Heading>}
      <p className="muted small">{t("connectApp.lead")}</p>
      <p>
        <span className="muted small">{t("connectApp.address")}</span>{" "}
        <code className="connect-app-address" data-testid="dav-address">
          {address}
        </code>
      </p>
      <p className="muted small">{t("connectApp.twoStep")}</p>
      <div className="connect-app-list">
        {CONNECT_APPS.map(({ app, name }) => (
          <article key={app} className={app === "rclone" ? "connect-app-item wide" : "connect-app-item"}>
            <Sub>{name ?? t(`connectApp.${app}.title`)}</Sub>
            <p className="small">{t(`connectApp.${app}.body`, { url: address })}</p>
            {app === "rclone" && <pre className="connect-app-snippet">{rcloneConfig(address)}</pre>}
          </article>
        ))}
      </div>
    </section>
  );
}
