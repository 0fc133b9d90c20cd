// @vitest-environment happy-dom
import type { ShareFilesResponse, ShareStatus } from "@nimbus/protocol";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type Call, driveFile, mockApi, renderPage, text } from "../testing/dom.js";
import { SharePage } from "./share-page.js";

const FILES = [
  driveFile({ id: "d1", name: "Beach day", kind: "drive#folder" }),
  driveFile({ id: "f1", name: "itinerary.pdf", mime_type: "application/pdf" }),
];

function visit(status: ShareStatus, fields: Partial<ShareFilesResponse> = {}) {
  const body: ShareFilesResponse = {
    share_status: status,
    share_status_text: "",
    share_id: "abc123",
    title: "Holiday 2025",
    pass_code_token: "",
    user_info: { user_id: "u9", nickname: "Grace", avatar: "" },
    file_num: status === "OK" ? String(FILES.length) : "0",
    files: status === "OK" ? FILES : [],
    next_page_token: "",
    expiration_time: "",
    restore_count_left: "-1",
    ancestors: [],
    ...fields,
  };
  return { body };
}

function renderShare() {
  return renderPage(<SharePage shareId="abc123" parentIds={[]} />, { path: "/s/abc123", route: "/s/:id" });
}

const visits = (calls: Call[]) => calls.filter((call) => call.path === "/drive/v1/share");

describe("SharePage in a DOM", () => {
  it("lists the shared items under the share's title", async () => {
    const calls = mockApi({ "GET /drive/v1/share": visit("OK") });
    await renderShare();
    const list = await screen.findByRole("list", { name: text("shares.list.label") });
    expect(within(list).getByTitle("Beach day")).toBeTruthy();
    expect(within(list).getByTitle("itinerary.pdf")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Holiday 2025");
    expect(screen.queryByLabelText(text("shares.passcode.label"))).toBeNull();
    expect(visits(calls)[0]?.url.searchParams.get("share_id")).toBe("abc123");
  });

  it("asks for the passcode, shows a wrong one's message, then lists with the right one", async () => {
    const calls = mockApi({
      "GET /drive/v1/share": ({ url }) => {
        const code = url.searchParams.get("pass_code");
        if (!code) return visit("PASS_CODE_EMPTY");
        if (code !== "Sea1")
          return visit("PASS_CODE_ERROR", { share_status_text: "Wrong passcode", user_info: null });
        return visit("OK", { pass_code_token: "token-1" });
      },
    });
    await renderShare();
    const input = await screen.findByLabelText(text("shares.passcode.label"));
    expect(screen.getByText("Grace")).toBeTruthy();
    expect(screen.queryByRole("list", { name: text("shares.list.label") })).toBeNull();

    fireEvent.change(input, { target: { value: "nope" } });
    fireEvent.click(screen.getByRole("button", { name: text("shares.passcode.submit") }));
    expect((await screen.findByRole("alert")).textContent).toBe("Wrong passcode");
    expect(screen.getByLabelText(text("shares.passcode.label")).getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(screen.getByLabelText(text("shares.passcode.label")), { target: { value: "Sea1" } });
    fireEvent.click(screen.getByRole("button", { name: text("shares.passcode.submit") }));
    await screen.findByRole("list", { name: text("shares.list.label") });
    expect(screen.queryByLabelText(text("shares.passcode.label"))).toBeNull();
    expect(visits(calls).map((call) => call.url.searchParams.get("pass_code"))).toEqual([
      null,
      "nope",
      "Sea1",
    ]);
  });

  it("shows a blocked share's state and none of its items", async () => {
    mockApi({ "GET /drive/v1/share": visit("EXPIRED") });
    await renderShare();
    expect(await screen.findByText(text("shares.status.expired.title"))).toBeTruthy();
    expect(screen.getByText(text("shares.status.expired.body"))).toBeTruthy();
    expect(screen.queryByRole("list", { name: text("shares.list.label") })).toBeNull();
    expect(screen.queryByLabelText(text("shares.passcode.label"))).toBeNull();
  });

  it("says an empty shared folder is empty", async () => {
    mockApi({ "GET /drive/v1/share": visit("OK", { files: [], file_num: "0" }) });
    await renderShare();
    expect(await screen.findByText(text("shares.list.empty"))).toBeTruthy();
  });

  it("shows a failed visit with the server's text and tries again on Retry", async () => {
    let answers = 0;
    const calls = mockApi({
      "GET /drive/v1/share": () =>
        answers++ === 0
          ? { status: 429, body: { error: "too_many_requests", error_description: "Try later" } }
          : visit("OK"),
    });
    await renderShare();
    expect(await screen.findByText("Try later")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: text("common.retry") }));
    await screen.findByRole("list", { name: text("shares.list.label") });
    await waitFor(() => expect(visits(calls)).toHaveLength(2));
  });
});
