import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driveClient } from "./support/drive.js";
import { newUser } from "./support/grants.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { listen, startUpload } from "./support/uploads.js";
import type { TestUser } from "./support/users.js";

describe("WebDAV at /dav/", () => {
  let t: TestApp;
  let user: TestUser;
  let auth: { authorization: string };
  const bytes = Buffer.from("0123456789abcdefghij".repeat(50));

  beforeAll(async () => {
    t = await createTestApp();
    user = await newUser(t);
    const { password } = (
      await t.app.inject({
        method: "POST",
        url: "/v1/user/me/app_passwords",
        headers: user.auth,
        payload: { name: "tests" },
      })
    ).json();
    auth = { authorization: `Basic ${Buffer.from(`${user.email}:${password}`).toString("base64")}` };
    const drive = driveClient(t, user);
    const movies = await drive.folder("Movies & Shows");
    await drive.upload("a film.txt", bytes, movies.id);
    await drive.upload("notes.txt", Buffer.from("hello"));
  });
  afterAll(() => t.close());

  let origin: string | undefined;
  const originOf = async () => {
    origin ??= await listen(t.app);
    return origin;
  };
  const dav = (method: string, url: string, headers: Record<string, string> = {}, payload?: string) =>
    t.app.inject({
      method: method as "GET",
      url,
      headers: { ...auth, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });

  it("answers OPTIONS with its class and methods, without a password", async () => {
    const options = await t.app.inject({ method: "OPTIONS", url: "/dav/" });
    expect(options.statusCode).toBe(200);
    expect(options.headers.dav).toBe("1, 2");
    expect(String(options.headers.allow)).toContain("PROPFIND");
  });

  it("answers OPTIONS at the server's root as Windows and Office ask it, and the web app still serves /", async () => {
    const root = await t.app.inject({ method: "OPTIONS", url: "/" });
    expect(root.statusCode).toBe(200);
    expect(root.headers.dav).toBe("1, 2");
    expect(root.headers["ms-author-via"]).toBe("DAV");
    expect(String(root.headers.allow)).toBe("OPTIONS, GET, HEAD");
    // Only the root: other paths outside /dav/ stay the app's (no OPTIONS route there).
    expect((await t.app.inject({ method: "OPTIONS", url: "/drive/v1/files" })).headers.dav).toBeUndefined();
    expect(
      (await t.app.inject({ method: "GET", url: "/drive/v1/about", headers: user.auth })).statusCode,
    ).toBe(200);
  });

  it("lists the root at depth 1: folders first, names percent-encoded, sizes and types", async () => {
    const listing = await dav("PROPFIND", "/dav/", { depth: "1" });
    expect(listing.statusCode).toBe(207);
    expect(listing.headers["content-type"]).toMatch(/^application\/xml/);
    const hrefs = [...listing.body.matchAll(/<D:href>([^<]*)<\/D:href>/g)].map((m) => m[1]);
    expect(hrefs).toEqual(["/dav/", "/dav/Movies%20%26%20Shows/", "/dav/notes.txt"]);
    expect(listing.body).toContain("<D:displayname>Movies &amp; Shows</D:displayname>");
    expect(listing.body).toContain("<D:getcontentlength>5</D:getcontentlength>");
    expect(listing.body).toContain("<D:resourcetype><D:collection/></D:resourcetype>");
    // allprop leaves the RFC 4331 quota out.
    expect(listing.body).not.toContain("quota-used-bytes");
  });

  it("answers the properties asked for, the unknown ones as 404, and the quota", async () => {
    const body = `<?xml version="1.0"?><propfind xmlns="DAV:"><prop><getetag/><quota-used-bytes/><quota-available-bytes/><x:color xmlns:x="urn:example"/></prop></propfind>`;
    const answer = await dav("PROPFIND", "/dav/", { depth: "0", "content-type": "application/xml" }, body);
    expect(answer.statusCode).toBe(207);
    expect(answer.body).toContain(`<D:quota-used-bytes>${bytes.length + 5}</D:quota-used-bytes>`);
    expect(answer.body).toMatch(/<D:quota-available-bytes>\d+<\/D:quota-available-bytes>/);
    expect(answer.body).toMatch(
      /<D:propstat><D:prop><X:color xmlns:X="urn:example"\/><\/D:prop><D:status>HTTP\/1.1 404 Not Found<\/D:status><\/D:propstat>/,
    );
  });

  it("refuses depth infinity (and a missing Depth) with propfind-finite-depth, and bad XML as 400", async () => {
    for (const headers of [{ depth: "infinity" }, {}] as Array<Record<string, string>>) {
      const refused = await dav("PROPFIND", "/dav/", headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain("<D:propfind-finite-depth/>");
    }
    const bad = await dav(
      "PROPFIND",
      "/dav/",
      { depth: "0", "content-type": "text/xml" },
      "<propfind xmlns='DAV:'><prop>",
    );
    expect(bad.statusCode).toBe(400);
  });

  it("resolves nested paths and answers 404 for missing ones", async () => {
    const folder = await dav("PROPFIND", "/dav/Movies%20%26%20Shows", { depth: "1" });
    expect(folder.statusCode).toBe(207);
    expect(folder.body).toContain("<D:href>/dav/Movies%20%26%20Shows/a%20film.txt</D:href>");
    expect((await dav("PROPFIND", "/dav/nope/", { depth: "0" })).statusCode).toBe(404);
    expect((await dav("PROPFIND", "/dav/notes.txt/inside", { depth: "0" })).statusCode).toBe(404);
    // A name never holds a slash; dot segments are refused by davSegments (webdav-paths.test.ts).
    expect((await dav("PROPFIND", "/dav/a%2Fb", { depth: "0" })).statusCode).toBe(400);
  });

  it("serves a file with Range and validators, and HEAD without a body", async () => {
    const url = "/dav/Movies%20%26%20Shows/a%20film.txt";
    const whole = await dav("GET", url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const etag = String(whole.headers.etag);
    const part = await dav("GET", url, { range: "bytes=10-19" });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe("abcdefghij");
    expect((await dav("GET", url, { "if-none-match": etag })).statusCode).toBe(304);
    const head = await dav("HEAD", url);
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(bytes.length));
    expect(head.body).toBe("");
    const listing = await dav("PROPFIND", url, { depth: "0" });
    expect(listing.body).toContain(`<D:getetag>${etag.replace(/"/g, "&quot;")}</D:getetag>`);
  });

  it("makes collections with MKCOL: 201, 405 when it exists, 409 without a parent, 415 with a body", async () => {
    const made = await dav("MKCOL", "/dav/Backups/");
    expect(made.statusCode).toBe(201);
    expect(made.headers.location).toBe("/dav/Backups/");
    expect((await dav("MKCOL", "/dav/Backups/2026")).statusCode).toBe(201);
    const listing = await dav("PROPFIND", "/dav/Backups/", { depth: "1" });
    expect(listing.body).toContain("<D:href>/dav/Backups/2026/</D:href>");
    expect((await dav("MKCOL", "/dav/Backups")).statusCode).toBe(405);
    expect((await dav("MKCOL", "/dav/")).statusCode).toBe(405);
    expect((await dav("MKCOL", "/dav/missing/child")).statusCode).toBe(409);
    expect((await dav("MKCOL", "/dav/notes.txt/child")).statusCode).toBe(409);
    const withBody = await dav("MKCOL", "/dav/with-body", { "content-type": "application/xml" }, "<x/>");
    expect(withBody.statusCode).toBe(415);
    // The drive's name rules hold.
    expect((await dav("MKCOL", `/dav/${"n".repeat(300)}`)).statusCode).toBe(400);
  });

  it("deletes to the trash, where the API still finds it", async () => {
    expect((await dav("MKCOL", "/dav/Old")).statusCode).toBe(201);
    expect((await dav("DELETE", "/dav/Old", { depth: "0" })).statusCode).toBe(400);
    expect((await dav("DELETE", "/dav/Old")).statusCode).toBe(204);
    expect((await dav("PROPFIND", "/dav/Old", { depth: "0" })).statusCode).toBe(404);
    expect((await dav("DELETE", "/dav/Old")).statusCode).toBe(404);
    expect((await dav("DELETE", "/dav/")).statusCode).toBe(403);
    const trash = await t.app.inject({
      url: `/drive/v1/files?filters=${encodeURIComponent(JSON.stringify({ trashed: { eq: true } }))}`,
      headers: user.auth,
    });
    expect(trash.json().files.map((file: { name: string }) => file.name)).toContain("Old");
  });

  it("stores a PUT like an upload, replaces on a second PUT (old version to the trash), dedups bytes", async () => {
    const content = "put over webdav\n".repeat(100);
    const put = await dav("PUT", "/dav/Backups/put.txt", { "content-type": "text/plain" }, content);
    expect(put.statusCode).toBe(201);
    expect((await dav("GET", "/dav/Backups/put.txt")).body).toBe(content);
    // The same bytes under another name: one blob, referenced twice.
    expect((await dav("PUT", "/dav/Backups/same.txt", {}, content)).statusCode).toBe(201);
    const stored = await t.database.db
      .selectFrom("files")
      .innerJoin("blobs", "blobs.gcid", "files.blob_gcid")
      .select(["files.name", "blobs.gcid", "blobs.ref_count"])
      .where("files.name", "in", ["put.txt", "same.txt"])
      .execute();
    expect(stored).toHaveLength(2);
    expect(stored[0]?.gcid).toBe(stored[1]?.gcid);
    expect(Number(stored[0]?.ref_count)).toBe(2);

    const replaced = await dav("PUT", "/dav/Backups/put.txt", {}, "version 2");
    expect(replaced.statusCode).toBe(204);
    expect((await dav("GET", "/dav/Backups/put.txt")).body).toBe("version 2");
    const listing = await dav("PROPFIND", "/dav/Backups/", { depth: "1" });
    expect(listing.body.match(/put\.txt/g)).toHaveLength(2); // href + displayname of one file
    expect(listing.body).not.toContain("put (1).txt");
    const trash = await t.app.inject({
      url: `/drive/v1/files?filters=${encodeURIComponent(JSON.stringify({ trashed: { eq: true } }))}`,
      headers: user.auth,
    });
    expect(trash.json().files.map((file: { name: string }) => file.name)).toContain("put.txt");
    // Empty files too.
    expect((await dav("PUT", "/dav/Backups/empty.txt", {}, "")).statusCode).toBe(201);
    expect((await dav("GET", "/dav/Backups/empty.txt")).body).toBe("");
  });

  it("files a new PUT in one step with one event, and names it anew when an upload in progress holds the name", async () => {
    const events = async () =>
      t.database.db
        .selectFrom("events")
        .select(["type", "file_name"])
        .where("user_id", "=", user.id)
        .where("file_name", "like", "held%")
        .orderBy("id")
        .execute();
    expect((await dav("PUT", "/dav/held.txt", {}, "first")).statusCode).toBe(201);
    expect(await events()).toEqual([{ type: "upload", file_name: "held.txt" }]);
    // A resumable upload's pending file holds "held again.txt"; WebDAV does not see it (not complete).
    const pending = await startUpload(t.app, user, { name: "held again.txt", size: 5 });
    expect(pending.statusCode).toBe(200);
    expect((await dav("PUT", "/dav/held%20again.txt", {}, "again")).statusCode).toBe(201);
    const names = await t.database.db
      .selectFrom("files")
      .select(["name", "phase"])
      .where("user_id", "=", user.id)
      .where("name", "like", "held again%")
      .orderBy("name")
      .execute();
    expect(names).toEqual([
      { name: "held again (1).txt", phase: "PHASE_TYPE_COMPLETE" },
      { name: "held again.txt", phase: "PHASE_TYPE_PENDING" },
    ]);
    expect((await events()).map((event) => event.file_name)).toEqual(["held.txt", "held again (1).txt"]);
  });

  it("keeps the client's modification time from X-OC-Mtime", async () => {
    const put = await dav("PUT", "/dav/Backups/dated.txt", { "x-oc-mtime": "1700000000" }, "dated");
    expect(put.statusCode).toBe(201);
    expect(put.headers["x-oc-mtime"]).toBe("accepted");
    const when = new Date(1_700_000_000_000).toUTCString();
    const listing = await dav("PROPFIND", "/dav/Backups/dated.txt", { depth: "0" });
    expect(listing.body).toContain(`<D:getlastmodified>${when}</D:getlastmodified>`);
    expect((await dav("GET", "/dav/Backups/dated.txt")).headers["last-modified"]).toBe(when);
  });

  it("refuses a PUT without a parent (409) or onto a collection (405)", async () => {
    expect((await dav("PUT", "/dav/missing/x.txt", {}, "x")).statusCode).toBe(409);
    expect((await dav("PUT", "/dav/notes.txt/x.txt", {}, "x")).statusCode).toBe(409);
    expect((await dav("PUT", "/dav/Backups", {}, "x")).statusCode).toBe(405);
  });

  it("stores a chunked PUT of unknown length, and one with Finder's X-Expected-Entity-Length", async () => {
    const origin = await originOf();
    const parts = ["first part, ", "second part, ", "the end"];
    const chunked = (url: string, headers: Record<string, string> = {}) =>
      fetch(`${origin}${url}`, {
        method: "PUT",
        headers: { ...auth, ...headers },
        body: new ReadableStream({
          start(controller) {
            for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
            controller.close();
          },
        }),
        duplex: "half",
      } as RequestInit);
    const put = await chunked("/dav/chunked.txt");
    expect(put.status).toBe(201);
    expect((await dav("GET", "/dav/chunked.txt")).body).toBe(parts.join(""));
    const finder = await chunked("/dav/finder.txt", {
      "x-expected-entity-length": String(parts.join("").length),
    });
    expect(finder.status).toBe(201);
    expect((await dav("GET", "/dav/finder.txt")).body).toBe(parts.join(""));
    // A body that does not match the length it announced is not stored.
    const short = await chunked("/dav/short.txt", { "x-expected-entity-length": "999" });
    expect(short.status).toBe(400);
    expect((await dav("GET", "/dav/short.txt")).statusCode).toBe(404);
  });

  it("keeps the old file whole when a PUT over it is cut off, and swaps in one step when it completes", async () => {
    expect((await dav("PUT", "/dav/Backups/keep.txt", {}, "the old content")).statusCode).toBe(201);
    const origin = new URL(await originOf());
    // Announces 100,000 bytes, sends 1,000, then the connection drops.
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(origin.port), origin.hostname, () => {
        socket.write(
          `PUT /dav/Backups/keep.txt HTTP/1.1\r\nHost: ${origin.host}\r\nAuthorization: ${auth.authorization}\r\nContent-Length: 100000\r\n\r\n`,
        );
        socket.write(Buffer.alloc(1000, 1), () => setTimeout(() => socket.destroy(), 200));
      });
      socket.once("close", () => resolve());
    });
    for (let i = 0; i < 50; i++) {
      const pending = await t.database.db
        .selectFrom("files")
        .select("id")
        .where("user_id", "=", user.id)
        .where("phase", "!=", "PHASE_TYPE_COMPLETE")
        .execute();
      if (pending.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await dav("GET", "/dav/Backups/keep.txt")).body).toBe("the old content");
    const listing = await dav("PROPFIND", "/dav/Backups/", { depth: "1" });
    expect(listing.body).not.toMatch(/keep%20\(\d+\)\.txt/);
    // A complete one replaces it: no numbered twin is left beside it.
    expect((await dav("PUT", "/dav/Backups/keep.txt", {}, "the new content")).statusCode).toBe(204);
    expect((await dav("GET", "/dav/Backups/keep.txt")).body).toBe("the new content");
    const after = await dav("PROPFIND", "/dav/Backups/", { depth: "1" });
    expect(after.body).not.toMatch(/keep%20\(\d+\)\.txt/);
  });

  it("moves and copies by Destination, honouring Overwrite and refusing what RFC 4918 refuses", async () => {
    expect((await dav("MKCOL", "/dav/Moves")).statusCode).toBe(201);
    expect((await dav("PUT", "/dav/Moves/a.txt", {}, "A")).statusCode).toBe(201);
    expect((await dav("PUT", "/dav/Moves/b.txt", {}, "B")).statusCode).toBe(201);
    const to = (path: string, extra: Record<string, string> = {}) => ({
      destination: `http://localhost:80/dav/${path}`,
      ...extra,
    });
    // Copy to a new name: 201, both there.
    expect((await dav("COPY", "/dav/Moves/a.txt", to("Moves/c.txt"))).statusCode).toBe(201);
    expect((await dav("GET", "/dav/Moves/c.txt")).body).toBe("A");
    expect((await dav("GET", "/dav/Moves/a.txt")).body).toBe("A");
    // Overwrite: F refuses with 412; the default replaces with 204 (old one to the trash).
    expect((await dav("COPY", "/dav/Moves/a.txt", to("Moves/b.txt", { overwrite: "F" }))).statusCode).toBe(
      412,
    );
    expect((await dav("MOVE", "/dav/Moves/a.txt", to("Moves/b.txt"))).statusCode).toBe(204);
    expect((await dav("GET", "/dav/Moves/b.txt")).body).toBe("A");
    expect((await dav("GET", "/dav/Moves/a.txt")).statusCode).toBe(404);
    // A collection, into another folder under a new name, with its content.
    expect((await dav("MKCOL", "/dav/Moves/sub")).statusCode).toBe(201);
    expect((await dav("MOVE", "/dav/Moves/c.txt", to("Moves/sub/c2.txt"))).statusCode).toBe(201);
    expect((await dav("COPY", "/dav/Moves/sub/", to("Copied/"))).statusCode).toBe(201);
    expect((await dav("GET", "/dav/Copied/c2.txt")).body).toBe("A");
    // Depth 0 copies the collection alone.
    expect((await dav("COPY", "/dav/Moves/sub/", to("Shallow/", { depth: "0" }))).statusCode).toBe(201);
    expect((await dav("PROPFIND", "/dav/Shallow/", { depth: "1" })).body).not.toContain("c2.txt");
    // Refusals: no parent (409), onto itself (403), another host (502), no Destination (400),
    // MOVE with a finite depth (400), into itself.
    expect((await dav("COPY", "/dav/Moves/b.txt", to("nowhere/b.txt"))).statusCode).toBe(409);
    expect((await dav("MOVE", "/dav/Moves/b.txt", to("Moves/b.txt"))).statusCode).toBe(403);
    const foreign = { destination: "http://elsewhere.example/dav/x.txt" };
    expect((await dav("COPY", "/dav/Moves/b.txt", foreign)).statusCode).toBe(502);
    expect((await dav("COPY", "/dav/Moves/b.txt")).statusCode).toBe(400);
    expect((await dav("MOVE", "/dav/Moves/sub/", to("Moved/", { depth: "0" }))).statusCode).toBe(400);
    expect((await dav("MOVE", "/dav/Moves/", to("Moves/sub/inner/"))).statusCode).toBe(400);
  });

  it("stores dead properties with PROPPATCH, answers them in PROPFIND, refuses live ones", async () => {
    const xml = { "content-type": "application/xml" };
    const update = `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:z="urn:example" xmlns:v="urn:values">
      <D:set><D:prop><z:color>red <v:tone>dark</v:tone></z:color><z:gone>x</z:gone></D:prop></D:set>
      <D:remove><D:prop><z:gone/></D:prop></D:remove></D:propertyupdate>`;
    const patched = await dav("PROPPATCH", "/dav/notes.txt", xml, update);
    expect(patched.statusCode).toBe(207);
    expect(patched.body).toContain("HTTP/1.1 200 OK");
    const ask = `<propfind xmlns="DAV:"><prop><color xmlns="urn:example"/><gone xmlns="urn:example"/></prop></propfind>`;
    const found = await dav("PROPFIND", "/dav/notes.txt", { ...xml, depth: "0" }, ask);
    expect(found.body).toContain('xmlns:nimbusdp="urn:example"');
    expect(found.body).toContain("red <v:tone>dark</v:tone></nimbusdp:color>");
    expect(found.body).toContain('xmlns:v="urn:values"');
    expect(found.body).toMatch(/<X:gone xmlns:X="urn:example"\/><\/D:prop><D:status>HTTP\/1.1 404/);
    // allprop includes them.
    expect((await dav("PROPFIND", "/dav/notes.txt", { depth: "0" })).body).toContain("nimbusdp:color");
    // A live property cannot be set: 403 for it, 424 for the rest, nothing stored.
    const live = `<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:getetag>x</D:getetag><q:k xmlns:q="urn:q">1</q:k></D:prop></D:set></D:propertyupdate>`;
    const refused = await dav("PROPPATCH", "/dav/notes.txt", xml, live);
    expect(refused.body).toContain("HTTP/1.1 403 Forbidden");
    expect(refused.body).toContain("HTTP/1.1 424 Failed Dependency");
    expect((await dav("PROPFIND", "/dav/notes.txt", { depth: "0" })).body).not.toContain("urn:q");
    // They follow a MOVE and a COPY.
    expect((await dav("COPY", "/dav/notes.txt", { destination: "/dav/notes-copy.txt" })).statusCode).toBe(
      201,
    );
    expect((await dav("PROPFIND", "/dav/notes-copy.txt", { depth: "0" })).body).toContain("nimbusdp:color");
    expect((await dav("PROPPATCH", "/dav/notes.txt", xml, "<bad>")).statusCode).toBe(400);
  });

  it("wakes the web's long poll: a change over WebDAV shows up live", async () => {
    const wait = (query: string) =>
      t.app.inject({ url: `/drive/v1/events/wait${query}`, headers: user.auth });
    for (const change of [
      () => dav("PUT", "/dav/live.txt", {}, "live"),
      () => dav("MKCOL", "/dav/Live folder"),
      () => dav("MOVE", "/dav/live.txt", { destination: "/dav/Live%20folder/live.txt" }),
      () => dav("DELETE", "/dav/Live%20folder"),
    ]) {
      const { latest_id } = (await wait("")).json();
      const answered = wait(`?after=${latest_id}&wait_seconds=10`);
      await new Promise((resolve) => setTimeout(resolve, 100)); // the long poll is waiting
      const started = Date.now();
      expect((await change()).statusCode).toBeLessThan(300);
      const answer = (await answered).json();
      expect(answer.changed).toBe(true);
      expect(answer.latest_id > latest_id).toBe(true);
      expect(Date.now() - started).toBeLessThan(1_500);
    }
  });

  it("lists a folder of more items than one property lookup takes, with their dead properties", async () => {
    expect((await dav("MKCOL", "/dav/Many")).statusCode).toBe(201);
    for (let i = 0; i < 520; i++) expect((await dav("MKCOL", `/dav/Many/f${i}`)).statusCode).toBe(201);
    const update = `<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><z:tag xmlns:z="urn:z">last</z:tag></D:prop></D:set></D:propertyupdate>`;
    expect(
      (await dav("PROPPATCH", "/dav/Many/f99", { "content-type": "application/xml" }, update)).statusCode,
    ).toBe(207);
    const listing = await dav("PROPFIND", "/dav/Many/", { depth: "1" });
    expect(listing.statusCode).toBe(207);
    expect(listing.body.match(/<D:response>/g)).toHaveLength(521);
    expect(listing.body).toContain(">last</nimbusdp:tag>");
  }, 60_000);

  it("answers 405 with Allow for a method WebDAV gives no meaning", async () => {
    const post = await dav("POST", "/dav/notes.txt", { "content-type": "application/xml" }, "<x/>");
    expect(post.statusCode).toBe(405);
    expect(String(post.headers.allow)).toContain("LOCK, UNLOCK");
  });
});

describe("WebDAV PUT and the quota", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { FREE_STORAGE_BYTES: "1000" } });
  });
  afterAll(() => t.close());

  it("refuses a PUT over the quota from its Content-Length, before any byte is stored", async () => {
    const user = await newUser(t);
    const { password } = (
      await t.app.inject({
        method: "POST",
        url: "/v1/user/me/app_passwords",
        headers: user.auth,
        payload: { name: "tests" },
      })
    ).json();
    const headers = { authorization: `Basic ${Buffer.from(`${user.email}:${password}`).toString("base64")}` };
    const put = (name: string, size: number) =>
      t.app.inject({ method: "PUT", url: `/dav/${name}`, headers, payload: Buffer.alloc(size, 7) });
    expect((await put("fits.bin", 900)).statusCode).toBe(201);
    const over = await put("over.bin", 200);
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ error: "file_space_not_enough" });
    const listing = await t.app.inject({
      method: "PROPFIND",
      url: "/dav/",
      headers: { ...headers, depth: "1" },
    });
    expect(listing.body).not.toContain("over.bin");
  });

  it("stops a chunked PUT as soon as it outgrows the space left, storing nothing", async () => {
    const user = await newUser(t);
    const { password } = (
      await t.app.inject({
        method: "POST",
        url: "/v1/user/me/app_passwords",
        headers: user.auth,
        payload: { name: "tests" },
      })
    ).json();
    const headers = { authorization: `Basic ${Buffer.from(`${user.email}:${password}`).toString("base64")}` };
    const origin = await listen(t.app);
    let sent = 0;
    const put = await fetch(`${origin}/dav/big.bin`, {
      method: "PUT",
      headers,
      body: new ReadableStream({
        pull(controller) {
          // Far more than the 1,000 bytes of the quota: the server stops it long before the end.
          if (sent >= 200 * 1024 * 1024) return controller.close();
          sent += 64 * 1024;
          controller.enqueue(new Uint8Array(64 * 1024));
        },
      }),
      duplex: "half",
    } as RequestInit).catch(() => undefined);
    if (put) {
      expect(put.status).toBe(403);
      expect(await put.json()).toMatchObject({ error: "file_space_not_enough" });
    }
    expect(sent).toBeLessThan(200 * 1024 * 1024);
    const rows = await t.database.db
      .selectFrom("files")
      .select("name")
      .where("user_id", "=", user.id)
      .execute();
    expect(rows).toEqual([]);
    expect(
      (await t.app.inject({ method: "PUT", url: "/dav/small.bin", headers, payload: Buffer.alloc(500) }))
        .statusCode,
    ).toBe(201);
  });
});

describe("WebDAV DELETE for good", () => {
  let t: TestApp;
  afterAll(() => t.close());

  it("deletes at once, not to the trash, with WEBDAV_DELETE_TO_TRASH=false", async () => {
    t = await createTestApp({ env: { WEBDAV_DELETE_TO_TRASH: "false" } });
    const user = await newUser(t);
    const { password } = (
      await t.app.inject({
        method: "POST",
        url: "/v1/user/me/app_passwords",
        headers: user.auth,
        payload: { name: "tests" },
      })
    ).json();
    const headers = { authorization: `Basic ${Buffer.from(`${user.email}:${password}`).toString("base64")}` };
    expect(
      (await t.app.inject({ method: "PUT", url: "/dav/gone.txt", headers, payload: "bytes" })).statusCode,
    ).toBe(201);
    expect((await t.app.inject({ method: "DELETE", url: "/dav/gone.txt", headers })).statusCode).toBe(204);
    const rows = await t.database.db
      .selectFrom("files")
      .select("name")
      .where("user_id", "=", user.id)
      .execute();
    expect(rows.map((row) => row.name)).not.toContain("gone.txt");
  });
});
