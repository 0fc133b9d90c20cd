import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  resolve: {
    // The web imports only the isomorphic contract, from its TypeScript sources.
    alias: {
      "@nimbus/protocol": fileURLToPath(new URL("../../packages/protocol/src/index.ts", import.meta.url)),
    },
  },
  build: { assetsInlineLimit: 2048 },
});
