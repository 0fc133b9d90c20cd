import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock, newUser } from "./support/grants.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import type { TestUser } from "./support/users.js";

const LOCKINFO = (scope: "exclusive" | "shared") =>
  `<?xml version="1.0" encoding="utf-8"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:${scope}/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner><D:href>mailto:ann@example.com</D:href></D:owner></D:lockinfo>`;

async function appPasswordAuth(t: TestApp, user: TestUser): Promise<{ authorization: string }> {
  const { password } = (
    await t.app.inject({
      method: "POST",
      url: "/v1/user/me/app_passwords",
      headers: user.auth,
      payload: { name: "locks" },
    })
  ).json();
  return { authorization: `Basic ${Buffer.from(`${user.email}:${password}`).toString("base64")}` };
}

describe("WebDAV class 2: LOCK and UNLOCK", () => {
  const clock = manualClock(Date.UTC(2026, 5, 1));
  let a: TestApp;
  let b: TestApp;
  let auth: { authorization: string };

  beforeAll(async () => {
    a = await createTestApp({ clock });
    // Node B: a second app on the same database, as behind a load balancer.
    b = await a.peer({ clock });
    const user = await newUser(a);
    auth = await appPasswordAuth(a, user);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const on =
    (t: () => TestApp) =>
    (method: string, url: string, headers: Record<string, string> = {}, payload?: string) =>
      t().app.inject({
        method: method as "GET",
        url,
        headers: { ...auth, ...headers },
        ...(payload === undefined ? {} : { payload }),
      });
  const davA = on(() => a);
  const davB = on(() => b);
  const lock = async (
    dav: typeof davA,
    url: string,
    headers: Record<string, string> = {},
    scope: "exclusive" | "shared" = "exclusive",
  ) => {
    const answer = await dav("LOCK", url, { "content-type": "application/xml", ...headers }, LOCKINFO(scope));
    const token = /^<(.+)>$/.exec(String(answer.headers["lock-token"] ?? ""))?.[1] ?? "";
    return { answer, token };
  };

  it("claims class 2 and LOCK, UNLOCK in OPTIONS", async () => {
    const options = await a.app.inject({ method: "OPTIONS", url: "/dav/" });
    expect(options.headers.dav).toBe("1, 2");
    expect(String(options.headers.allow)).toContain("LOCK, UNLOCK");
  });

  it("honours on node B an exclusive lock taken through node A, and frees it on UNLOCK there", async () => {
    expect((await davA("PUT", "/dav/report.docx", {}, "v1")).statusCode).toBe(201);
    const { answer, token } = await lock(davA, "/dav/report.docx", { timeout: "Second-600", depth: "0" });
    expect(answer.statusCode).toBe(200);
    expect(token).toMatch(/^opaquelocktoken:[0-9a-f-]{36}$/);
    expect(answer.body).toContain("<D:lockscope><D:exclusive/></D:lockscope>");
    expect(answer.body).toContain("<D:timeout>Second-600</D:timeout>");
    expect(answer.body).toContain("<D:owner><D:href>mailto:ann@example.com</D:href></D:owner>");
    expect(answer.body).toContain("<D:lockroot><D:href>/dav/report.docx</D:href></D:lockroot>");

    // Without the token, every writing method is refused on the other node: 423, lock-token-submitted.
    const put = await davB("PUT", "/dav/report.docx", {}, "v2 from B");
    expect(put.statusCode).toBe(423);
    expect(put.body).toContain(
      "<D:lock-token-submitted><D:href>/dav/report.docx</D:href></D:lock-token-submitted>",
    );
    expect((await davB("DELETE", "/dav/report.docx")).statusCode).toBe(423);
    expect(
      (await davB("MOVE", "/dav/report.docx", { destination: "http://localhost/dav/moved.docx" })).statusCode,
    ).toBe(423);
    const proppatch = `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><x:c xmlns:x="urn:x">1</x:c></D:prop></D:set></D:propertyupdate>`;
    expect((await davB("PROPPATCH", "/dav/report.docx", {}, proppatch)).statusCode).toBe(423);
    expect((await lock(davB, "/dav/report.docx", {}, "shared")).answer.statusCode).toBe(423);
    // Reading is not locked.
    expect((await davB("GET", "/dav/report.docx")).body).toBe("v1");

    // With it (on either node) the write goes through; a wrong entity tag fails the If: 412.
    expect((await davB("PUT", "/dav/report.docx", { if: `(<${token}> ["nope"])` }, "v2")).statusCode).toBe(
      412,
    );
    expect((await davB("PUT", "/dav/report.docx", { if: `(<${token}>)` }, "v2")).statusCode).toBe(204);
    expect((await davA("GET", "/dav/report.docx")).body).toBe("v2");
    // The lock stays on the URL across the replacing PUT, and PROPFIND shows it.
    const found = await davB(
      "PROPFIND",
      "/dav/report.docx",
      { depth: "0" },
      `<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:lockdiscovery/><D:supportedlock/></D:prop></D:propfind>`,
    );
    expect(found.body).toContain(`<D:locktoken><D:href>${token}</D:href></D:locktoken>`);
    expect(found.body).toContain("<D:lockentry><D:lockscope><D:shared/></D:lockscope>");

    // UNLOCK needs the token of a lock on that URL.
    expect(
      (await davB("UNLOCK", "/dav/report.docx", { "lock-token": "<opaquelocktoken:nope>" })).statusCode,
    ).toBe(409);
    expect((await davB("UNLOCK", "/dav/report.docx")).statusCode).toBe(400);
    expect((await davB("UNLOCK", "/dav/report.docx", { "lock-token": `<${token}>` })).statusCode).toBe(204);
    expect((await davA("PUT", "/dav/report.docx", {}, "v3")).statusCode).toBe(204);
    // A token that no longer locks anything fails an If that needs it.
    expect((await davA("PUT", "/dav/report.docx", { if: `(<${token}>)` }, "v4")).statusCode).toBe(412);
  });

  it("lets one exclusive lock win when two nodes ask at once", async () => {
    expect((await davA("PUT", "/dav/race.txt", {}, "r")).statusCode).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => lock(i % 2 ? davA : davB, "/dav/race.txt", { depth: "0" })),
    );
    const codes = answers.map(({ answer }) => answer.statusCode).sort();
    expect(codes).toEqual([200, 423, 423, 423, 423, 423]);
  });

  it("expires a lock after its timeout, and a refresh restarts it", async () => {
    expect((await davA("PUT", "/dav/short.txt", {}, "s")).statusCode).toBe(201);
    const { token } = await lock(davA, "/dav/short.txt", { timeout: "Second-60" });
    clock.advance(50_000);
    const refreshed = await davB("LOCK", "/dav/short.txt", { if: `(<${token}>)`, timeout: "Second-60" });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.body).toContain("<D:timeout>Second-60</D:timeout>");
    clock.advance(50_000);
    expect((await davB("PUT", "/dav/short.txt", {}, "t")).statusCode).toBe(423);
    clock.advance(11_000);
    expect((await davB("PUT", "/dav/short.txt", {}, "t")).statusCode).toBe(204);
    // Refreshing an expired lock fails.
    expect((await davA("LOCK", "/dav/short.txt", { if: `(<${token}>)` })).statusCode).toBe(412);
  });

  it("shares a shared lock, and keeps out an exclusive one", async () => {
    expect((await davA("PUT", "/dav/shared.txt", {}, "s")).statusCode).toBe(201);
    const first = await lock(davA, "/dav/shared.txt", {}, "shared");
    const second = await lock(davB, "/dav/shared.txt", {}, "shared");
    expect([first.answer.statusCode, second.answer.statusCode]).toEqual([200, 200]);
    const exclusive = await lock(davA, "/dav/shared.txt");
    expect(exclusive.answer.statusCode).toBe(423);
    expect(exclusive.answer.body).toContain("<D:no-conflicting-lock>");
    expect((await davB("PUT", "/dav/shared.txt", { if: `(<${second.token}>)` }, "t")).statusCode).toBe(204);
  });

  it("locks a folder's members with depth infinity, and its members list with depth 0", async () => {
    expect((await davA("MKCOL", "/dav/Project")).statusCode).toBe(201);
    expect((await davA("PUT", "/dav/Project/a.txt", {}, "a")).statusCode).toBe(201);
    const tree = await lock(davA, "/dav/Project/", { depth: "infinity" });
    expect(tree.answer.body).toContain("<D:lockroot><D:href>/dav/Project/</D:href></D:lockroot>");
    expect((await davB("PUT", "/dav/Project/a.txt", {}, "b")).statusCode).toBe(423);
    expect((await davB("MKCOL", "/dav/Project/sub")).statusCode).toBe(423);
    // A member's lock conflicts with the folder's; the tagged If names the folder.
    expect((await lock(davB, "/dav/Project/a.txt", { depth: "0" })).answer.statusCode).toBe(423);
    const tagged = { if: `<http://localhost/dav/Project/> (<${tree.token}>)` };
    expect((await davB("PUT", "/dav/Project/a.txt", tagged, "b")).statusCode).toBe(204);
    expect((await davB("UNLOCK", "/dav/Project/a.txt", { "lock-token": `<${tree.token}>` })).statusCode).toBe(
      204,
    );

    const members = await lock(davA, "/dav/Project/", { depth: "0" });
    expect((await davB("PUT", "/dav/Project/a.txt", {}, "c")).statusCode).toBe(204);
    expect((await davB("PUT", "/dav/Project/new.txt", {}, "n")).statusCode).toBe(423);
    expect((await davB("DELETE", "/dav/Project/a.txt")).statusCode).toBe(423);
    // Deleting the folder needs the tokens of the locks in it; it takes them away with it.
    expect((await davB("DELETE", "/dav/Project/")).statusCode).toBe(423);
    expect((await davB("DELETE", "/dav/Project/", { if: `(<${members.token}>)` })).statusCode).toBe(204);
    expect((await davB("MKCOL", "/dav/Project")).statusCode).toBe(201);
    expect((await davB("PUT", "/dav/Project/new.txt", {}, "n")).statusCode).toBe(201);
  });

  it("makes an empty file on an unmapped URL (201), and 409 without a parent", async () => {
    const { answer, token } = await lock(davB, "/dav/Untitled.docx");
    expect(answer.statusCode).toBe(201);
    const got = await davA("GET", "/dav/Untitled.docx");
    expect(got.statusCode).toBe(200);
    expect(got.body).toBe("");
    expect((await davA("PUT", "/dav/Untitled.docx", { if: `(<${token}>)` }, "saved")).statusCode).toBe(204);
    expect((await lock(davA, "/dav/no/such/file.txt")).answer.statusCode).toBe(409);
  });

  it("refuses malformed LOCK bodies, depths and If headers with 400", async () => {
    expect((await davA("PUT", "/dav/x.txt", {}, "x")).statusCode).toBe(201);
    expect((await davA("LOCK", "/dav/x.txt", { "content-type": "application/xml" }, "<x/>")).statusCode).toBe(
      400,
    );
    expect((await lock(davA, "/dav/x.txt", { depth: "1" })).answer.statusCode).toBe(400);
    expect((await davA("PUT", "/dav/x.txt", { if: "(<unclosed" }, "y")).statusCode).toBe(400);
  });
  it("leaves a moved resource's locks behind: gone from the source, not at the destination", async () => {
    const propLocks = async (url: string) =>
      (
        await davA(
          "PROPFIND",
          url,
          { depth: "0", "content-type": "application/xml" },
          '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:lockdiscovery/></D:prop></D:propfind>',
        )
      ).body;
    expect((await davA("MKCOL", "/dav/Moves")).statusCode).toBe(201);
    expect((await davA("PUT", "/dav/Moves/a.txt", {}, "a")).statusCode).toBe(201);
    const file = await lock(davA, "/dav/Moves/a.txt", { depth: "0" });
    expect((await davB("MOVE", "/dav/Moves/a.txt", { destination: "/dav/Moves/b.txt" })).statusCode).toBe(
      423,
    );
    const moved = await davB("MOVE", "/dav/Moves/a.txt", {
      destination: "/dav/Moves/b.txt",
      if: `(<${file.token}>)`,
    });
    expect(moved.statusCode).toBe(201);
    // RFC 4918 §7.7: the lock does not move with the resource, and the source's is gone.
    expect(await propLocks("/dav/Moves/b.txt")).not.toContain("activelock");
    expect((await davB("PUT", "/dav/Moves/b.txt", {}, "b")).statusCode).toBe(204);
    expect((await davB("PUT", "/dav/Moves/a.txt", {}, "new a")).statusCode).toBe(201);
    expect(await propLocks("/dav/Moves/a.txt")).not.toContain("activelock");
    expect((await davA("UNLOCK", "/dav/Moves/a.txt", { "lock-token": `<${file.token}>` })).statusCode).toBe(
      409,
    );

    // A lock under a moved folder stays behind too: nothing locked at the old or the new path.
    expect((await davA("MKCOL", "/dav/Moves/Sub")).statusCode).toBe(201);
    expect((await davA("PUT", "/dav/Moves/Sub/x.txt", {}, "x")).statusCode).toBe(201);
    const inner = await lock(davA, "/dav/Moves/Sub/x.txt", { depth: "0" });
    const tagged = { if: `<http://localhost/dav/Moves/Sub/x.txt> (<${inner.token}>)` };
    expect(
      (await davB("MOVE", "/dav/Moves/Sub/", { destination: "/dav/Moves/Moved/", ...tagged })).statusCode,
    ).toBe(201);
    expect((await davB("PUT", "/dav/Moves/Moved/x.txt", {}, "y")).statusCode).toBe(204);
    expect((await davB("MKCOL", "/dav/Moves/Sub")).statusCode).toBe(201);
    expect((await davB("PUT", "/dav/Moves/Sub/x.txt", {}, "z")).statusCode).toBe(201);
  });

  it("drops the locks of what a MOVE overwrites, and adds the moved resource to its new folder's lock", async () => {
    expect((await davA("PUT", "/dav/one.txt", {}, "1")).statusCode).toBe(201);
    expect((await davA("PUT", "/dav/two.txt", {}, "2")).statusCode).toBe(201);
    const target = await lock(davA, "/dav/two.txt", { depth: "0" });
    const overwrite = await davB("MOVE", "/dav/one.txt", {
      destination: "/dav/two.txt",
      if: `<http://localhost/dav/two.txt> (<${target.token}>)`,
    });
    expect(overwrite.statusCode).toBe(204);
    // The overwritten file was deleted (§9.9.3) and its lock with it: the new one is not locked.
    expect((await davB("PUT", "/dav/two.txt", {}, "3")).statusCode).toBe(204);
    expect((await davA("UNLOCK", "/dav/two.txt", { "lock-token": `<${target.token}>` })).statusCode).toBe(
      409,
    );

    expect((await davA("MKCOL", "/dav/Locked")).statusCode).toBe(201);
    const folder = await lock(davA, "/dav/Locked/", { depth: "infinity" });
    expect((await davA("PUT", "/dav/three.txt", {}, "3")).statusCode).toBe(201);
    const into = await davB("MOVE", "/dav/three.txt", {
      destination: "/dav/Locked/three.txt",
      if: `<http://localhost/dav/Locked/> (<${folder.token}>)`,
    });
    expect(into.statusCode).toBe(201);
    expect((await davB("PUT", "/dav/Locked/three.txt", {}, "4")).statusCode).toBe(423);
  });
});
