import { startBuiltServer } from "../scripts/built-server.mjs";
import { expect, test } from "./support/fixtures.js";

// Spec §2: a page is not rendered when the visitor's address is blocked. This
// journey runs its own server whose BLOCKED_IPS covers loopback.
test("a blocked address gets 403 and no page, while the API keeps answering", async () => {
  const server = await startBuiltServer({ env: { BLOCKED_IPS: "127.0.0.0/8,::1" } });
  try {
    const page = await fetch(`${server.url}/en-US/faq`);
    expect(page.status).toBe(403);
    expect(await page.text()).toBe("403 Forbidden\n");
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  } finally {
    await server.stop();
  }
});
