/**
 * Policy documents under /{locale}/policy/ (spec §2). Current documents, dated
 * earlier versions, update notices and the doubled-name pages.
 */
export const CURRENT_POLICIES = [
  "anti-abuse",
  "privacy-policy",
  "user-agreement",
  "membership-agreement",
  "child-sexual-abuse",
  "copyright-Infringement",
] as const;
export type PolicyDoc = (typeof CURRENT_POLICIES)[number];

/** Earlier versions, kept readable: `<doc>-<effective date>`. */
export const DATED_POLICIES: ReadonlyArray<{ slug: string; doc: PolicyDoc; effective: string }> = [
  { slug: "privacy-policy-20240115", doc: "privacy-policy", effective: "2024-01-15" },
  { slug: "privacy-policy-20250301", doc: "privacy-policy", effective: "2025-03-01" },
  { slug: "user-agreement-20240115", doc: "user-agreement", effective: "2024-01-15" },
  { slug: "user-agreement-20250301", doc: "user-agreement", effective: "2025-03-01" },
  { slug: "membership-agreement-20240115", doc: "membership-agreement", effective: "2024-01-15" },
  { slug: "anti-abuse-20240601", doc: "anti-abuse", effective: "2024-06-01" },
  { slug: "copyright-Infringement-20240601", doc: "copyright-Infringement", effective: "2024-06-01" },
];

/** Notices announcing a policy change: `update-<date>`. */
export const POLICY_UPDATE_NOTICES: ReadonlyArray<{ slug: string; doc: PolicyDoc; date: string }> = [
  { slug: "update-20240115", doc: "privacy-policy", date: "2024-01-15" },
  { slug: "update-20240601", doc: "anti-abuse", date: "2024-06-01" },
  { slug: "update-20250301", doc: "user-agreement", date: "2025-03-01" },
  { slug: "update-20250901", doc: "membership-agreement", date: "2025-09-01" },
];

/** Pages reachable at `<doc>/<doc>` as well (spec §2). */
export const DOUBLED_POLICIES: readonly PolicyDoc[] = [
  "anti-abuse",
  "user-agreement",
  "copyright-Infringement",
];

export type PolicyPage =
  | { kind: "current"; doc: PolicyDoc }
  | { kind: "dated"; doc: PolicyDoc; effective: string }
  | { kind: "notice"; doc: PolicyDoc; date: string };

/** Resolves `policy/<first>[/<second>]`, or undefined (→ 404). */
export function resolvePolicy(first: string, second?: string): PolicyPage | undefined {
  const current = CURRENT_POLICIES.find((doc) => doc === first);
  if (second !== undefined) {
    return current && second === current && DOUBLED_POLICIES.includes(current)
      ? { kind: "current", doc: current }
      : undefined;
  }
  if (current) return { kind: "current", doc: current };
  const dated = DATED_POLICIES.find((p) => p.slug === first);
  if (dated) return { kind: "dated", doc: dated.doc, effective: dated.effective };
  const notice = POLICY_UPDATE_NOTICES.find((p) => p.slug === first);
  if (notice) return { kind: "notice", doc: notice.doc, date: notice.date };
  return undefined;
}

export function allPolicyPaths(): string[] {
  return [
    "/policy/update",
    ...CURRENT_POLICIES.map((doc) => `/policy/${doc}`),
    ...DATED_POLICIES.map((p) => `/policy/${p.slug}`),
    ...POLICY_UPDATE_NOTICES.map((p) => `/policy/${p.slug}`),
    ...DOUBLED_POLICIES.map((doc) => `/policy/${doc}/${doc}`),
  ];
}
