import type { AppPlatform, FeatureSwitch } from "@nimbus/protocol";
import { nimbusApi } from "@nimbus/protocol";
import { useRouteLoaderData } from "react-router";
import { type ApiFetch, answeredWithin } from "../lib/load-context.js";

/**
 * What the pages follow of the remote config (spec §7): the feature switches, the
 * announcements and banners in the page's locale, and the installers the operator
 * configured. Read once per page load by the root loader, in-process.
 */
export interface RemoteView {
  features: Partial<Record<FeatureSwitch, boolean>>;
  announcements: { id: string; level: "info" | "warning"; text: string; url?: string }[];
  banners: { id: string; placement: "home" | "drive"; text: string; url?: string }[];
  /** Configured installers only, linked through the server's counting redirect. */
  products: { platform: AppPlatform; version: string; url: string; size: number }[];
  /** The operator's public-IP probe (decision 0045); absent: this server's. */
  ipProbeUrl?: string;
}

/** Nothing on, nothing announced, no installers: what a page shows when the config cannot be read. */
export const EMPTY_REMOTE_VIEW: RemoteView = { features: {}, announcements: [], banners: [], products: [] };

async function post(apiFetch: ApiFetch, path: string, locale: string): Promise<Record<string, unknown>> {
  const answer = await apiFetch(path, {
    method: "POST",
    headers: { accept: "application/json", "accept-language": locale },
    body: JSON.stringify({ client: "web", data: { language: locale } }),
  });
  if (!answer.ok) throw new Error(`${path}: HTTP ${answer.status}`);
  const body = (await answer.json()) as { data?: Record<string, unknown> };
  return body.data ?? {};
}

/** The remote config for a page render; a failure only logs and shows nothing of it. */
export async function loadRemoteView(apiFetch: ApiFetch | undefined, locale: string): Promise<RemoteView> {
  if (!apiFetch) return EMPTY_REMOTE_VIEW;
  try {
    const [basic, resources, products] = await answeredWithin(
      2000,
      Promise.all([
        post(apiFetch, nimbusApi.config.basic.path, locale),
        post(apiFetch, nimbusApi.config.resources.path, locale),
        post(apiFetch, nimbusApi.config.externalProducts.path, locale),
      ]),
    );
    return {
      features: (basic.features ?? {}) as RemoteView["features"],
      announcements: (basic.announcements ?? []) as RemoteView["announcements"],
      banners: (resources.banners ?? []) as RemoteView["banners"],
      products: (products.products ?? []) as RemoteView["products"],
      ...(typeof basic.ip_probe_url === "string" ? { ipProbeUrl: basic.ip_probe_url } : {}),
    };
  } catch (error) {
    console.info("remote config unavailable; pages show none of it", error);
    return EMPTY_REMOTE_VIEW;
  }
}

/** The remote config the root loader read for this page. */
export function useRemoteView(): RemoteView {
  const root = useRouteLoaderData("root") as { remote?: RemoteView } | undefined;
  return root?.remote ?? EMPTY_REMOTE_VIEW;
}

/** Whether the operator switched `name` on and this server runs it. */
export function useFeature(name: FeatureSwitch): boolean {
  return useRemoteView().features[name] === true;
}

/** Pages that exist for one switchable service: links to them go while it is off. */
const SERVICE_PAGES: ReadonlyArray<[prefix: string, feature: FeatureSwitch]> = [
  ["/drive/payment", "payments"],
  ["/inapp/shop", "payments"],
  ["/referral", "invites"],
  ["/check-in", "check_in"],
  ["/url-checker", "cloud_download"],
  ["/drive/tasks", "cloud_download"],
];

/** The switch a page belongs to (`path` without the locale prefix), if any. */
export function serviceOfPath(path: string): FeatureSwitch | undefined {
  const bare = path.split(/[?#]/)[0] ?? "";
  return SERVICE_PAGES.find(([prefix]) => bare === prefix || bare.startsWith(`${prefix}/`))?.[1];
}

/** Whether a link to `path` may be shown: true unless its page belongs to a service switched off. */
export function useLinkShown(): (path: string) => boolean {
  const { features } = useRemoteView();
  return (path) => {
    const service = serviceOfPath(path);
    return service === undefined || features[service] === true;
  };
}
