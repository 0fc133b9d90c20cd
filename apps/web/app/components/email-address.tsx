import { Fragment } from "react";

/** Where an address may wrap: before the "@" and before each dot, never inside a word. */
export function emailBreakParts(address: string): string[] {
  return address.split(/(?=[@.])/);
}

/**
 * An email address that wraps only at its "@" and dots (`<wbr>`), never mid-word, so a
 * long address on a phone reads as "ada.lovelace / @example / .com", not "ada.lovel / ace".
 */
export function EmailAddress({ address }: { address: string }) {
  return (
    <span className="email-address">
      {emailBreakParts(address).map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
