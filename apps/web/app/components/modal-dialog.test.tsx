import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ModalDialog, type ModalElement, showModalUntilClosed } from "./modal-dialog.js";

function fakeDialog(activeElement: unknown) {
  const calls: string[] = [];
  const dialog = {
    open: false as boolean,
    ownerDocument: { activeElement },
    showModal() {
      calls.push("showModal");
      dialog.open = true;
    },
    close() {
      calls.push("close");
      dialog.open = false;
    },
  } satisfies ModalElement;
  return { dialog, calls };
}

function fakeOpener(isConnected = true) {
  const opener = { isConnected, focused: 0, focus: () => opener.focused++ };
  return opener;
}

describe("showModalUntilClosed", () => {
  it("shows the dialog as a modal, then closes it and gives the focus back to the opener", () => {
    const opener = fakeOpener();
    const { dialog, calls } = fakeDialog(opener);
    const undo = showModalUntilClosed(dialog);
    expect(dialog.open).toBe(true);
    expect(opener.focused).toBe(0);
    undo();
    expect(calls).toEqual(["showModal", "close"]);
    expect(dialog.open).toBe(false);
    expect(opener.focused).toBe(1);
  });

  it("does not show an open dialog twice, nor close one the browser already closed", () => {
    const { dialog, calls } = fakeDialog(null);
    dialog.open = true;
    const undo = showModalUntilClosed(dialog);
    dialog.open = false;
    undo();
    expect(calls).toEqual([]);
  });

  it("leaves the focus alone when the opener has left the page", () => {
    const opener = fakeOpener(false);
    const { dialog } = fakeDialog(opener);
    showModalUntilClosed(dialog)();
    expect(opener.focused).toBe(0);
  });
});

describe("ModalDialog", () => {
  it("renders a native dialog named by the heading the owner gives it", () => {
    const markup = renderToStaticMarkup(
      <ModalDialog className="drive-dialog" labelledBy="title-1" onDismiss={() => {}}>
        <h2 id="title-1">Rename</h2>
      </ModalDialog>,
    );
    expect(markup).toBe(
      '<dialog class="drive-dialog" aria-labelledby="title-1"><h2 id="title-1">Rename</h2></dialog>',
    );
  });
});
