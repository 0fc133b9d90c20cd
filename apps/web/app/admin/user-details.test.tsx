import type { AdminUserDetail } from "@nimbus/protocol";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { accountLabel, UserDetails } from "./user-details.js";

const base: AdminUserDetail = {
  id: "u1",
  email: "jane@example.com",
  phone: "",
  username: "",
  name: "Jane",
  status: "ACTIVE",
  role: "user",
  storage_usage: "0",
  premium: false,
  create_time: "2026-01-02T03:04:05Z",
  is_admin: false,
  storage_limit: "1024",
  premium_expires: "",
  two_factor: false,
  file_count: "0",
  share_count: "0",
  sessions: [],
};

// Without a catalogue in context, texts render as their keys.
const render = (user: Partial<AdminUserDetail>) =>
  renderToStaticMarkup(
    <UserDetails user={{ ...base, ...user }} onChanged={() => {}} onDeleted={() => {}} notify={() => {}} />,
  );

describe("the user details panel", () => {
  it("offers only the actions that apply: no revoke without premium, no reset without two-step", () => {
    const html = render({});
    expect(html).toContain("admin.users.grantPremium");
    expect(html).not.toContain("admin.users.revokePremium");
    expect(html).not.toContain("admin.users.resetTwoFactor");
    expect(html).toMatch(/<button type="button" class="button danger">admin.users.deleteAccount<\/button>/);

    const premium = render({ premium: true, premium_expires: "2027-01-01T00:00:00Z", two_factor: true });
    expect(premium).toContain("admin.users.revokePremium");
    expect(premium).toContain("admin.users.resetTwoFactor");
  });

  it("disables deleting an admin and says why, tied to the button", () => {
    const html = render({ is_admin: true });
    const button = /<button type="button" class="button danger" disabled="" aria-describedby="([^"]+)">/.exec(
      html,
    );
    expect(button).not.toBeNull();
    expect(html).toContain(`<p id="${button?.[1]}" class="muted small">admin.users.delete.adminNote</p>`);
  });
});

describe("accountLabel", () => {
  it("names an account by its email, else phone, username, id", () => {
    expect(accountLabel(base)).toBe("jane@example.com");
    expect(accountLabel({ ...base, email: "", phone: "+15550100" })).toBe("+15550100");
    expect(accountLabel({ ...base, email: "", username: "jane" })).toBe("jane");
    expect(accountLabel({ ...base, email: "" })).toBe("u1");
  });
});
