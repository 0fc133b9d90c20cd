import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  future: { v8_viteEnvironmentApi: true },
  // The whole route manifest comes with the page. Discovered lazily, each /__manifest answer
  // patched the router, which re-rendered every route of the page in one task after
  // hydration (two on the drive): the drive's total blocking time (decision 0082).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
