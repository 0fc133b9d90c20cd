import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A second loopback site that frames Nimbus the way an embedding product does:
 * `/parent?src=<nimbus url>` shows it in an iframe (its `?origin=` is this
 * site's origin) and records every message it receives in `window.received`.
 */
export interface ParentSite {
  origin: string;
  url(nimbusUrl: string): string;
  close(): Promise<void>;
}

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Embedding parent</title></head>
<body>
<script>
  window.received = [];
  addEventListener("message", (event) => window.received.push({ origin: event.origin, data: event.data }));
  const frame = document.createElement("iframe");
  frame.name = "nimbus";
  frame.width = "1000";
  frame.height = "700";
  frame.src = new URLSearchParams(location.search).get("src");
  document.body.append(frame);
</script>
</body></html>`;

/** The parent site the global setup started, whose origin the server allows to frame it. */
export function configuredParentSite(): ParentSite {
  const origin = process.env.NIMBUS_E2E_PARENT_ORIGIN;
  if (!origin) throw new Error("NIMBUS_E2E_PARENT_ORIGIN unset: the global setup starts the parent site");
  return { origin, url: (nimbusUrl) => parentUrl(origin, nimbusUrl), close: async () => {} };
}

function parentUrl(origin: string, nimbusUrl: string): string {
  return `${origin}/parent?src=${encodeURIComponent(nimbusUrl)}`;
}

/** A parent site of its own, on a free port (not one the server was configured to allow). */
export async function startParentSite(): Promise<ParentSite> {
  const server: Server = createServer((request, response) => {
    if (request.url?.startsWith("/parent")) {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(PAGE);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (nimbusUrl) => parentUrl(origin, nimbusUrl),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
