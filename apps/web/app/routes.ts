import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The route table of spec §2: every path with its layout. Middleware named by
 * the spec lives in the route modules' loaders (see docs/code-map.md).
 * Localized pages sit under the optional `:locale?` segment, whose module
 * rejects unsupported locales with 404.
 */
export default [
  route(":locale?", "routes/localized.tsx", [
    layout("layouts/basic.tsx", [
      index("routes/home.tsx", { id: "home" }),
      route("tv", "routes/tv.tsx"),
      route("tv-help", "routes/tv-help.tsx"),
      route("faq", "routes/faq.tsx"),
      route("help", "routes/help.tsx"),
      route("help-center", "routes/help-center.tsx"),
      route("help-center/*", "routes/help-center-article.tsx"),
      route("contact-us", "routes/contact-us.tsx"),
      route("check-in", "routes/check-in.tsx"),
      route("check-in-guide", "routes/check-in-guide.tsx"),
      route("mobile-app", "routes/mobile-app.tsx"),
      route("desktop-app", "routes/desktop-app.tsx"),
      route("browser-extension", "routes/browser-extension.tsx"),
      route("unsubscribe", "routes/unsubscribe.tsx"),
      route("url-checker", "routes/url-checker.tsx"),
      route("activity-end", "routes/activity-end.tsx"),
      route("favorite-links-hub", "routes/favorite-links-hub.tsx"),
      route("transparency-report", "routes/transparency-report.tsx"),
      route("install-apk-troubleshooting", "routes/install-apk-troubleshooting.tsx"),
    ]),
    layout("layouts/simple.tsx", [
      route("auth-success", "routes/auth-success.tsx"),
      route("inapp/widget", "routes/inapp-widget.tsx"),
    ]),
    layout("layouts/drive.tsx", { id: "localized-drive-layout" }, [
      route("inapp/shop", "routes/inapp-shop.tsx"),
    ]),
    layout("layouts/activity.tsx", [
      ...prefix("activity", [
        route("christmas", "routes/activity.tsx", { id: "activity-christmas" }),
        route("compensation", "routes/activity.tsx", { id: "activity-compensation" }),
        route("black-friday", "routes/activity.tsx", { id: "activity-black-friday" }),
      ]),
    ]),
    layout("layouts/policy.tsx", [
      route("policy/update", "routes/policy-update.tsx"),
      route("policy/:doc/:again?", "routes/policy.tsx"),
    ]),
  ]),
  layout("layouts/basic-activity.tsx", [
    route("blog", "routes/blog.tsx"),
    route("referral", "routes/referral.tsx"),
  ]),
  route("auth", "routes/auth.tsx"),
  layout("layouts/simple.tsx", { id: "simple-unprefixed" }, [route("loading", "routes/loading.tsx")]),
  route("sitemap.xml", "routes/sitemap.ts"),
  // The installable app (decision 0059): the manifest and the offline page, in the asked language.
  route("manifest.webmanifest", "routes/manifest.ts"),
  route("offline.html", "routes/offline-page.ts"),
  layout("layouts/drive.tsx", [
    route("s/:shareId", "routes/share.tsx", [route("*", "routes/share-folder.tsx")]),
    ...prefix("drive", [
      index("routes/drive-index.tsx"),
      route("all", "routes/drive-all.tsx"),
      route("trash", "routes/drive-trash.tsx"),
      route("recent", "routes/drive-recent.tsx"),
      route("starred", "routes/drive-starred.tsx"),
      route("login", "routes/drive-login.tsx"),
      route("payment", "routes/drive-payment.tsx"),
      route("payment/storage", "routes/drive-payment-storage.tsx"),
      route("payment/traffic", "routes/drive-payment-traffic.tsx"),
      route("payment/checkout/:orderId", "routes/drive-payment-checkout.tsx"),
      route("payment/receipt/:orderId", "routes/drive-payment-receipt.tsx"),
      route("account", "routes/drive-account.tsx"),
      route("feedback", "routes/drive-feedback.tsx"),
      route("shares", "routes/drive-shares.tsx"),
      route("tasks", "routes/drive-tasks.tsx"),
    ]),
    route("admin/:section?", "routes/admin.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
