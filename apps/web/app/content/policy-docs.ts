import type { PolicyDoc } from "../site/policies.js";

/**
 * The sections of each policy document, in order. Texts (document namespace
 * `policyDoc.`): `policyDoc.<doc>.<section>.title` and `policyDoc.<doc>.<section>.body`;
 * each update notice's summary of changes is `policyDoc.notice.<slug>`.
 */
export const POLICY_SECTIONS: Readonly<Record<PolicyDoc, readonly string[]>> = {
  "user-agreement": ["account", "content", "conduct", "termination"],
  "privacy-policy": ["collect", "use", "retention", "rights"],
  "membership-agreement": ["plans", "billing", "cancel", "codes"],
  "anti-abuse": ["prohibited", "detection", "enforcement", "report"],
  "child-sexual-abuse": ["zero", "detection", "reporting", "report"],
  "copyright-Infringement": ["notice", "contents", "counter", "repeat"],
};

/** When the current version of each document took effect. */
export const POLICY_EFFECTIVE: Readonly<Record<PolicyDoc, string>> = {
  "user-agreement": "2025-09-01",
  "privacy-policy": "2025-09-01",
  "membership-agreement": "2025-09-01",
  "anti-abuse": "2025-01-10",
  "child-sexual-abuse": "2024-01-15",
  "copyright-Infringement": "2025-01-10",
};
